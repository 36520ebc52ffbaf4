import pLimit from 'p-limit';

/**
 * How many e-mails are read whole at once: checked by mailauth, parsed by mailparser, each of
 * which holds a whole message (and the parser its decoded parts). Every reader of a stored
 * e-mail (processing, the crash sweep, a release, the admin's original and consultation) waits
 * for a slot, so the memory they take is bounded by the slots times the largest message,
 * however much mail arrives at once (INBOUND_PROCESSING_CONCURRENCY; memory-budget.ts).
 */
export function createReadingSlots(slots: number) {
  const limit = pLimit(slots);
  return <T>(work: () => Promise<T>): Promise<T> => limit(work);
}
export type ReadingSlots = ReturnType<typeof createReadingSlots>;

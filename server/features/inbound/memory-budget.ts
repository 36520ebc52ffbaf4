const MB = 1024 * 1024;

/**
 * The JavaScript heap the server takes before any e-mail is read: the app, its caches, the
 * database client (measured at about 90 MB run from the sources, less built), with room to spare.
 */
export const BASE_HEAP_BYTES = 128 * MB;

/**
 * The heap one e-mail takes while it is read whole, in bytes per byte of the message. Measured
 * at about 3 for the worst kind (a message that is one long text: the parser's text as a string,
 * the MIME count's copy, the text reduced for the ticket), rounded up; a message's bytes
 * themselves are Buffers, outside the heap.
 */
export const HEAP_PER_MESSAGE_BYTE = 4;

/**
 * Whether the largest message taken (INBOUND_MAX_MB), read by every reading slot at once
 * (INBOUND_PROCESSING_CONCURRENCY), fits in the heap this process may use (node's
 * --max-old-space-size: v8's heap_size_limit). Null when it does; else the one line that says
 * so and what to change, so the server refuses to start rather than die on the first large
 * e-mail, and again on each retry of its sender.
 */
export function inboundMemoryProblem({
  maxBytes,
  concurrency,
  heapLimitBytes,
}: {
  maxBytes: number;
  concurrency: number;
  heapLimitBytes: number;
}): string | null {
  const needed = BASE_HEAP_BYTES + concurrency * maxBytes * HEAP_PER_MESSAGE_BYTE;
  if (needed <= heapLimitBytes) return null;
  const largestMb = Math.floor(
    (heapLimitBytes - BASE_HEAP_BYTES) / (concurrency * HEAP_PER_MESSAGE_BYTE * MB),
  );
  const fits = largestMb >= 1 ? `set INBOUND_MAX_MB to at most ${largestMb}, ` : '';
  return (
    `INBOUND_MAX_MB=${+(maxBytes / MB).toFixed(2)} with INBOUND_PROCESSING_CONCURRENCY=${concurrency} ` +
    `needs about ${Math.ceil(needed / MB)} MB of JavaScript heap, but this process may use ` +
    `${Math.floor(heapLimitBytes / MB)} MB (node --max-old-space-size): ${fits}lower ` +
    'INBOUND_PROCESSING_CONCURRENCY or give node more heap.'
  );
}

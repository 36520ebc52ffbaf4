import type { Readable } from 'node:stream';
import type { InboundVia } from '@shared/schemas/inbound';
import type { InboundRepository } from './inbound.repository';
import { dedupeKeyOf, fromAddressIn, hashedMessageId, messageIdIn } from './message-identity';
import type { RawMessages } from './raw-messages';

/** Turns a stored message into what it says (a ticket, a reply, a held message…). */
export interface InboundProcessor {
  process(inboundMessageId: string): Promise<void>;
  /**
   * The admin's decision on a held message (unknown sender, sender not verified): it becomes
   * the given client's message, on the ticket it answers or a new one.
   */
  release(inboundMessageId: string, userId: string): Promise<{ ticketId: string }>;
}

export interface Envelope {
  via: InboundVia;
  /** MAIL FROM, when the path tells it. */
  envelopeFrom?: string | null;
  /** RCPT TO, when the path tells it. */
  envelopeTo?: string[];
  /** The sending server's IP address and EHLO name (SMTP): SPF is checked against them. */
  remoteAddress?: string | null;
  helo?: string | null;
}

/**
 * The one door every path (SMTP, IMAP, the providers' webhooks) brings mail through: the raw
 * message is written to the file store as it comes (a stream, or bytes the path already holds),
 * logged once per message (Message-ID, sender and body: message-identity.ts), and only then
 * processed. It resolves once the message is stored (so SMTP may answer 250, IMAP may flag it
 * seen) and throws when it cannot be (so SMTP answers 4xx and the sender retries), or with
 * MessageTooLargeError past `maxBytes`. Processing runs after, in the background; a message
 * whose processing never finished stays `received` and is taken up again by the inbound sweep.
 */
export function createIngest(
  repository: InboundRepository,
  rawMessages: RawMessages,
  processor: InboundProcessor,
  onProcessingError: (error: unknown, inboundMessageId: string) => void,
) {
  /** Whether the row of a message delivered again names no copy that is still there. */
  async function copyMissing(row: { rawKey: string | null; rawAccountedFor: boolean }) {
    if (row.rawAccountedFor) return false;
    if (row.rawKey === null) return true;
    // A store that cannot tell is taken to still have it, as before this check.
    return !(await rawMessages.has(row.rawKey).catch(() => true));
  }

  return async function ingest(
    raw: Readable | Buffer,
    envelope: Envelope,
    { maxBytes }: { maxBytes?: number } = {},
  ): Promise<{ id: string; duplicate: boolean }> {
    const stored = await rawMessages.write(raw, maxBytes);
    const messageId = messageIdIn(stored.head) ?? hashedMessageId(stored.sha256);
    const envelopeFrom = envelope.envelopeFrom ?? null;
    // A failure here may come after the row was written (its commit's answer lost): the copy is
    // kept, as the row may name it; when none does, the orphan sweep removes it after an hour.
    const logged = await repository.store({
      messageId,
      dedupeKey: dedupeKeyOf({
        messageId,
        sender: fromAddressIn(stored.head) ?? envelopeFrom?.toLowerCase() ?? null,
        bodySha256: stored.bodySha256,
      }),
      via: envelope.via,
      envelopeFrom,
      envelopeTo: envelope.envelopeTo ?? [],
      remoteAddress: envelope.remoteAddress ?? null,
      helo: envelope.helo ?? null,
      rawKey: stored.key,
      size: stored.size,
      rawSha256: stored.sha256,
    });
    const { id } = logged;
    if (logged.stored) {
      processor.process(id).catch((error: unknown) => onProcessingError(error, id));
    } else if (await copyMissing(logged)) {
      // The first delivery's copy is gone (not by the retention): this one takes its place.
      const replaced = await repository.replaceMissingRaw(id, logged.rawKey, {
        rawKey: stored.key,
        rawSha256: stored.sha256,
        size: stored.size,
      });
      if (replaced?.readAgain) {
        processor.process(id).catch((error: unknown) => onProcessingError(error, id));
      }
      if (!replaced) await rawMessages.delete(stored.key).catch(() => undefined);
    } else {
      // The first delivery's copy is the one kept; one left here is the orphan sweep's.
      await rawMessages.delete(stored.key).catch(() => undefined);
    }
    return { id, duplicate: !logged.stored };
  };
}
export type Ingest = ReturnType<typeof createIngest>;

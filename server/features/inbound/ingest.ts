import type { InboundVia } from '@shared/schemas/inbound';
import type { InboundRepository } from './inbound.repository';
import { messageKeyOf } from './message-identity';

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
  /** The connecting client's IP address (SMTP), for SPF. */
  remoteAddress?: string;
  /** The name the client gave in HELO/EHLO (SMTP), for SPF. */
  helo?: string;
}

/**
 * The one door every path (SMTP, IMAP, the providers' webhooks) brings mail through: the raw
 * message is stored before anything reads it, once per Message-ID, and only then processed.
 * It resolves once the message is stored (so SMTP may answer 250, IMAP may flag it seen) and
 * throws when it cannot be (so SMTP answers 4xx and the sender retries). Processing runs after,
 * in the background; a message whose processing never finished stays `received` and is taken
 * up again by the inbound sweep.
 */
export function createIngest(
  repository: InboundRepository,
  processor: InboundProcessor,
  onProcessingError: (error: unknown, inboundMessageId: string) => void,
) {
  return async function ingest(
    raw: Buffer,
    envelope: Envelope,
  ): Promise<{ id: string; duplicate: boolean }> {
    const { id, stored } = await repository.store({
      messageId: messageKeyOf(raw),
      via: envelope.via,
      envelopeFrom: envelope.envelopeFrom ?? null,
      envelopeTo: envelope.envelopeTo ?? [],
      raw,
    });
    if (stored) {
      processor.process(id).catch((error: unknown) => onProcessingError(error, id));
    }
    return { id, duplicate: !stored };
  };
}
export type Ingest = ReturnType<typeof createIngest>;

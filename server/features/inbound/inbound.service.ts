import type { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { pageOffset } from '@shared/schemas/common';
import {
  isHeldInboundState,
  type InboundListQuery,
  type InboundMessage,
  type InboundPage,
  type InboundSummary,
} from '@shared/schemas/inbound';
import type { NewConsultation } from '@shared/schemas/consultations';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InboundRepository, ListedInbound } from './inbound.repository';
import { createIngest, type InboundProcessor } from './ingest';
import { READER_LIMITS } from './mime-guard';
import { ORIGINAL_GONE, type RawMessages } from './raw-messages';
import type { ReadingSlots } from './reading-slots';

export type { InboundProcessor } from './ingest';

const NOT_FOUND = 'Message not found';
const NOT_HELD = 'Only a held message (unknown sender, sender not verified) can be';
/** The consultation form's own limit on its details. */
const MAX_DETAILS = 5000;

function toMessage(row: ListedInbound): InboundMessage {
  return {
    id: row.id,
    messageId: row.messageId,
    via: row.via,
    from: row.fromAddress ?? row.envelopeFrom,
    fromName: row.fromName,
    subject: row.subject,
    receivedAt: row.receivedAt.toISOString(),
    lastDeliveredAt: row.lastDeliveredAt.toISOString(),
    deliveries: row.deliveries,
    size: row.size,
    state: row.state,
    stateDetail: row.stateDetail,
    authentication: row.authentication ?? null,
    refusedFiles: row.refusedFiles,
    originalKept: row.rawKey !== null,
    originalRemovedAt: row.rawRemovedAt?.toISOString() ?? null,
    ticket:
      row.ticketId && row.ticketNumber !== null
        ? { id: row.ticketId, number: row.ticketNumber }
        : null,
    userId: row.userId,
  };
}

/**
 * The address part of a recipient as the support address accepts it: the address itself or
 * one of its plus-addresses (support+anything@), in any case.
 */
export function isSupportRecipient(recipient: string, supportAddress: string): boolean {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).toLowerCase();
  const domain = supportAddress.slice(at + 1).toLowerCase();
  const wanted = recipient.trim().toLowerCase();
  const rAt = wanted.lastIndexOf('@');
  if (at < 1 || rAt < 1 || wanted.slice(rAt + 1) !== domain) return false;
  const rLocal = wanted.slice(0, rAt);
  return rLocal === local || rLocal.startsWith(`${local}+`);
}

export interface InboundDeps {
  repository: InboundRepository;
  /** The raw messages, in the file store. */
  rawMessages: RawMessages;
  /** A message is read whole only in one of these slots (reading-slots.ts). */
  reading: ReadingSlots;
  processor: InboundProcessor;
  /** The address clients write to (SUPPORT_EMAIL, else the settings' business e-mail). */
  supportAddress: () => Promise<string>;
  /** A held message becomes a consultation request (the consultations feature). */
  consultations: { create(form: NewConsultation): Promise<{ id: string }> };
  audit: AuditTrail;
  onProcessingError: (error: unknown, inboundMessageId: string) => void;
}

/** Mail coming in: the one door every transport uses, and the admin's inbound log. */
export function createInboundService({
  repository,
  rawMessages,
  reading,
  processor,
  supportAddress,
  consultations,
  audit,
  onProcessingError,
}: InboundDeps) {
  async function heldRow(id: string, action: string): Promise<ListedInbound> {
    const row = await repository.findListed(existingId(id, NOT_FOUND));
    if (!row) throw new AppError(404, NOT_FOUND);
    if (!isHeldInboundState(row.state)) throw new AppError(409, `${NOT_HELD} ${action}.`);
    return row;
  }

  async function find(id: string): Promise<InboundMessage> {
    const row = await repository.findListed(existingId(id, NOT_FOUND));
    if (!row) throw new AppError(404, NOT_FOUND);
    return toMessage(row);
  }

  /** The stream of a message as it arrived; 410 when it is no longer kept. */
  async function rawStream(id: string): Promise<Readable> {
    const found = await repository.rawOf(existingId(id, NOT_FOUND));
    if (!found) throw new AppError(404, NOT_FOUND);
    const stream = found.rawKey ? await rawMessages.stream(found.rawKey) : null;
    if (!stream) throw new AppError(410, ORIGINAL_GONE);
    return stream;
  }

  return {
    /** Stores a message as it arrived, once, then processes it (ingest.ts). */
    ingest: createIngest(repository, rawMessages, processor, onProcessingError),

    /** Whether the SMTP listener takes mail for this recipient; read at each RCPT. */
    async acceptsRecipient(recipient: string): Promise<boolean> {
      return isSupportRecipient(recipient, await supportAddress());
    },

    async list({ q, state, page, pageSize }: InboundListQuery): Promise<InboundPage> {
      const { rows, total } = await repository.list({
        q,
        state,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toMessage), total, page, pageSize };
    },

    /** How many messages are held for the admin (the Support tab's and dashboard's count). */
    async summary(): Promise<InboundSummary> {
      const { held, oldestHeldAt } = await repository.heldSummary();
      return { held, oldestHeldAt: oldestHeldAt?.toISOString() ?? null };
    },

    find,

    /** The message as it arrived (RFC 822), streamed from the store, for download. */
    async raw(id: string): Promise<{ raw: Readable; filename: string }> {
      return { raw: await rawStream(id), filename: `message-${id}.eml` };
    },

    /** The admin's decision: a held message becomes the given client's (the processor's work). */
    async release(actor: AuditActor, id: string, userId: string): Promise<InboundMessage> {
      const before = await heldRow(id, 'released');
      const { ticketId } = await processor.release(before.id, userId);
      await audit.record(actor, {
        kind: 'inbound.released',
        targetType: 'inbound_message',
        targetId: before.id,
        before: { state: before.state },
        after: { state: 'released', userId, ticketId },
      });
      return find(before.id);
    },

    /** A held message from someone who is no client yet becomes a consultation request. */
    async toConsultation(actor: AuditActor, id: string): Promise<InboundMessage> {
      const before = await heldRow(id, 'turned into a consultation request');
      const mail = await reading(async () => {
        const raw = await rawStream(before.id);
        try {
          // The limits every reader of a stranger's MIME has (mime-guard.ts).
          return await simpleParser(raw, { skipHtmlToText: false, ...READER_LIMITS });
        } finally {
          // A parser that gave up leaves the stored copy's stream open otherwise.
          raw.destroy();
        }
      });
      const sender = mail.from?.value[0];
      const email = (sender?.address ?? before.fromAddress ?? before.envelopeFrom ?? '').trim();
      if (!email) throw new AppError(422, 'The message names no sender to answer.');
      const subject = (mail.subject ?? before.subject ?? '').trim() || '(no subject)';
      const details = `E-mail: ${subject}\n\n${(mail.text ?? '').trim()}`.slice(0, MAX_DETAILS);
      const consultation = await consultations.create({
        name: (sender?.name || email).slice(0, 200),
        email: email.toLowerCase(),
        business: '',
        phone: '',
        details,
      });
      const updated = await repository.heldToConsultation(
        before.id,
        `Consultation request from ${email.toLowerCase()}`,
      );
      if (!updated) throw new AppError(409, `${NOT_HELD} turned into a consultation request.`);
      await audit.record(actor, {
        kind: 'inbound.consultation_created',
        targetType: 'inbound_message',
        targetId: before.id,
        before: { state: before.state },
        after: { state: 'consultation', consultationId: consultation.id },
      });
      return find(before.id);
    },

    /** How many messages the log holds, by state. */
    countByState: () => repository.countByState(),

    /** Takes a signed webhook's token once; false for a replay. */
    useWebhookToken: (token: string, forgetBefore: Date) =>
      repository.useWebhookToken(token, forgetBefore),
    releaseWebhookToken: (token: string) => repository.releaseWebhookToken(token),
  };
}
export type InboundService = ReturnType<typeof createInboundService>;

import { simpleParser, type ParsedMail } from 'mailparser';
import type { Logger } from 'pino';
import { HELD_INBOUND_STATES } from '@shared/schemas/inbound';
import type { InboundMessageRow, TicketRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { oneLine } from '../tickets/ticket-mail';
import type { TicketMail, TicketService } from '../tickets/tickets.service';
import {
  renamedDetail,
  type InboundAttachments,
  type InboundFile,
  type RefusedFile,
  type RenamedFile,
} from './attachments';
import { classifyUnanswerable } from './classify';
import type { InboundOutcome, InboundRepository } from './inbound.repository';
import type { InboundProcessor } from './ingest';
import { fromAddressIn } from './message-identity';
import { mimeBombRefusal, READER_LIMITS } from './mime-guard';
import { NOT_READ_ORIGINAL_GONE, ORIGINAL_GONE, type RawMessages } from './raw-messages';
import type { ReadingSlots } from './reading-slots';
import { replyText } from './reply-text';
import { unprovenSender } from './sender-proof';
import type { SenderAuthentication, SenderVerifier } from './sender-verification';
import { findThread, type Thread, type ThreadedBy } from './threading';

/** A message still `received` this long after it arrived was left by a crash: the sweep takes it. */
export const SWEEP_AFTER_SECONDS = 60;
const SWEEP_BATCH = 50;

export const NOT_HELD = 'This message is not held: only a held message can be released.';
export const INBOUND_NOT_FOUND = 'Inbound message not found';
export const CLIENT_NOT_FOUND = 'Client not found';

export interface InboundProcessorDeps {
  repository: InboundRepository;
  tickets: Pick<TicketService, 'openFromEmail' | 'addEmailMessage'>;
  verify: SenderVerifier;
  attachments: InboundAttachments;
  /** Where the raw messages are kept (the file store). */
  rawMessages: Pick<RawMessages, 'read'>;
  /** A message is read whole only in one of these slots (reading-slots.ts). */
  reading: ReadingSlots;
  /**
   * Counts one automatic answer to the address and says whether it may go (a few per
   * sender per hour: the rate-limit counters).
   */
  mayAnswer(address: string): Promise<boolean>;
  /** The automatic answers (tickets.emails.ts sends them). */
  answers: {
    /** A new ticket's confirmation, naming the files that were not kept or were renamed. */
    ticketConfirmation(
      userId: string,
      ticket: MailTicket,
      mail: TicketMail,
      refused: RefusedFile[],
      renamed: RenamedFile[],
    ): void;
    /** The files of an answer on a ticket that were not kept or were renamed. */
    filesNotKept(
      userId: string,
      ticket: MailTicket,
      refused: RefusedFile[],
      mail: TicketMail,
      renamed: RenamedFile[],
    ): void;
  };
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
}

type MailTicket = { id: string; number: number; subject: string };

/** A logged message with its bytes, read back from the file store. */
type StoredMessage = Omit<InboundMessageRow, 'raw'> & { raw: Buffer };

const MATCHED_BY: Record<ThreadedBy, string> = {
  token: 'its reply address',
  'in-reply-to': 'the e-mail it answers (In-Reply-To/References)',
  subject: 'the ticket number in its subject',
};

const filesDetail = (refused: RefusedFile[]) =>
  `Files not kept: ${refused.map((file) => `${file.filename} (${file.reason})`).join(', ')}.`;

/** The From address read off the raw header, for the log of a message that is not parsed. */
const rawFromAddress = (raw: Buffer): string | null => fromAddressIn(raw);

/** What the parser found that the log shows, whatever became of the message. */
function seen(mail: ParsedMail) {
  const from = mail.from?.value[0];
  return {
    fromAddress: from?.address?.toLowerCase() ?? null,
    fromName: from?.name ? oneLine(from.name) : null,
    subject: mail.subject !== undefined ? oneLine(mail.subject) : null,
  };
}

/** The files that came with the message; images embedded in the HTML (cid:) are part of it. */
function filesOf(mail: ParsedMail): InboundFile[] {
  return mail.attachments
    .filter((file) => !file.related)
    .map((file, index) => ({
      filename: file.filename ?? `attachment-${index + 1}`,
      contentType: file.contentType,
      bytes: file.content,
    }));
}

/**
 * Turns a stored e-mail into what it says (docs/support-mail.md): a robot's reply or a
 * bounce is logged and never answered; an unknown sender is held; a message from a client's
 * verified address counts as theirs only with their ticket's reply token or a DMARC pass,
 * else it is held as not verified; the client's message then joins the ticket it answers
 * (the reply token, then In-Reply-To/References, then the number in the subject) or opens one.
 */
export function createInboundProcessor(deps: InboundProcessorDeps) {
  const { repository, tickets, logger } = deps;

  /** The message parsed, or why it was not: a MIME bomb is refused before the parser. */
  async function parse(row: StoredMessage): Promise<ParsedMail | InboundOutcome> {
    const refusal = mimeBombRefusal(row.raw);
    if (refusal) {
      return {
        fromAddress: rawFromAddress(row.raw),
        state: 'failed',
        stateDetail: `Not read: ${refusal}`,
      };
    }
    try {
      return await simpleParser(row.raw, {
        ...READER_LIMITS,
        skipImageLinks: true,
        // Our own reduction of HTML (reply-text.ts), not the parser's.
        skipHtmlToText: true,
        skipTextToHtml: true,
        skipTextLinks: true,
      });
    } catch (error) {
      return {
        fromAddress: rawFromAddress(row.raw),
        state: 'failed',
        stateDetail: `Not read: the message could not be parsed (${error instanceof Error ? error.message : String(error)}).`,
      };
    }
  }

  async function authenticate(row: StoredMessage): Promise<SenderAuthentication> {
    try {
      return await deps.verify({
        raw: row.raw,
        envelopeFrom: row.envelopeFrom,
        remoteAddress: row.remoteAddress,
        helo: row.helo,
      });
    } catch (error) {
      logger.warn({ err: error, inboundMessageId: row.id }, 'sender checks failed');
      return {
        dkim: 'temperror',
        spf: 'temperror',
        dmarc: 'temperror',
        dmarcDomain: null,
        provenFor: null,
        provenBy: null,
      };
    }
  }

  /** Files to the attachments feature; a failure of it names every file with the reason. */
  async function saveFiles(
    save: (files: InboundFile[]) => Promise<{ refused: RefusedFile[]; renamed: RenamedFile[] }>,
    files: InboundFile[],
  ): Promise<{ refused: RefusedFile[]; renamed: RenamedFile[] }> {
    if (files.length === 0) return { refused: [], renamed: [] };
    try {
      const { refused, renamed } = await save(files);
      return { refused, renamed };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the files could not be stored';
      return { refused: files.map((file) => ({ filename: file.filename, reason })), renamed: [] };
    }
  }

  /**
   * The client's message on its ticket or as a new one; `state` is what the log says
   * (`added`/`new_ticket`, or `released` for the admin's release). Safe to run again after a
   * crash: a message already applied is not applied twice.
   */
  async function apply(
    row: InboundMessageRow,
    mail: ParsedMail,
    userId: string,
    thread: Thread | null,
    released: boolean,
  ): Promise<InboundOutcome> {
    const body = replyText(mail);
    const files = filesOf(mail);
    const inReplyTo = mail.messageId ?? row.messageId;
    const address = seen(mail).fromAddress;
    const done = await repository.alreadyApplied(row.id);
    const answer: TicketMail = { replyToken: '', inReplyTo, automatic: true };
    const limited = 'automatic answers to this sender are at their hourly limit';
    let ticket: TicketRow;
    let refused: RefusedFile[] = [];
    let renamed: RenamedFile[] = [];
    let detail: string;
    if (done) {
      ticket = done;
      detail = `Applied to ticket #${ticket.number} before an interruption.`;
    } else if (thread) {
      const reopened = thread.ticket.status === 'resolved';
      const added = await tickets.addEmailMessage(thread.ticket.id, {
        message: body.text,
        inboundMessageId: row.id,
        emailMessageId: mail.messageId ?? null,
      });
      ticket = added.ticket;
      ({ refused, renamed } = await saveFiles(
        (f) => deps.attachments.saveForMessage(added.messageId, f),
        files,
      ));
      detail = `Added to ticket #${ticket.number}, found by ${MATCHED_BY[thread.by]}${reopened ? '; the resolved ticket was opened again' : ''}.`;
      if (refused.length > 0 || renamed.length > 0) {
        if (refused.length > 0) detail += ` ${filesDetail(refused)}`;
        if (renamed.length > 0) detail += ` ${renamedDetail(renamed)}`;
        if (address && (await deps.mayAnswer(address))) {
          deps.answers.filesNotKept(
            userId,
            ticket,
            refused,
            { ...answer, replyToken: ticket.replyToken },
            renamed,
          );
          detail += ' The client was told.';
        } else {
          detail += ` The client was not told: ${limited}.`;
        }
      }
    } else {
      ticket = await tickets.openFromEmail(userId, {
        subject: oneLine(mail.subject ?? ''),
        description: body.text,
        inboundMessageId: row.id,
      });
      ({ refused, renamed } = await saveFiles(
        (f) => deps.attachments.saveForTicket(ticket.id, f),
        files,
      ));
      const confirm = address ? await deps.mayAnswer(address) : false;
      if (confirm) {
        deps.answers.ticketConfirmation(
          userId,
          ticket,
          { ...answer, replyToken: ticket.replyToken },
          refused,
          renamed,
        );
      }
      detail = `Opened ticket #${ticket.number}; ${confirm ? 'the client was sent a confirmation' : `no confirmation sent: ${limited}`}.`;
      if (refused.length > 0) detail += ` ${filesDetail(refused)}`;
      if (renamed.length > 0) detail += ` ${renamedDetail(renamed)}`;
      if (confirm && refused.length + renamed.length > 0) detail += ' The confirmation names them.';
    }
    return {
      state: released ? 'released' : thread || done ? 'added' : 'new_ticket',
      stateDetail: released ? `Released by the admin. ${detail}` : detail,
      ticketId: ticket.id,
      userId,
      refusedFiles: refused,
    };
  }

  /** The message with its bytes; null when they are no longer kept. */
  async function withRaw(row: InboundMessageRow): Promise<StoredMessage | null> {
    const raw = row.rawKey ? await deps.rawMessages.read(row.rawKey) : null;
    return raw ? { ...row, raw } : null;
  }

  async function decide(row: StoredMessage): Promise<InboundOutcome> {
    const parsed = await parse(row);
    if (!('headers' in parsed)) return parsed;
    const mail = parsed;
    const found = seen(mail);
    const unanswerable = classifyUnanswerable(mail, row.envelopeFrom);
    if (unanswerable)
      return { ...found, state: unanswerable.state, stateDetail: unanswerable.detail };
    if (!found.fromAddress) {
      return {
        ...found,
        state: 'unknown_sender',
        stateDetail: 'Held: the message has no From address.',
      };
    }
    // Checked for every message with a sender: the admin deciding on a held one sees them too.
    const { provenFor, provenBy, ...verdicts } = await authenticate(row);
    const clients = await repository.clientsWithVerifiedEmail(found.fromAddress);
    if (clients.length !== 1) {
      return {
        ...found,
        authentication: verdicts,
        state: 'unknown_sender',
        stateDetail:
          clients.length === 0
            ? `Held: no client has the verified address ${found.fromAddress}.`
            : `Held: more than one client account has the verified address ${found.fromAddress}; release it to the right one.`,
      };
    }
    const client = clients[0]!;
    const thread = await findThread(repository, mail, row.envelopeTo, client.id);
    const unproven = unprovenSender({
      raw: row.raw,
      mail,
      fromAddress: found.fromAddress,
      client,
      thread,
      authentication: { ...verdicts, provenFor, provenBy },
    });
    if (unproven) {
      return {
        ...found,
        authentication: verdicts,
        userId: client.id,
        state: 'not_verified',
        stateDetail: `Held as sender not verified: ${unproven}.`,
      };
    }
    return {
      ...found,
      authentication: verdicts,
      ...(await apply(row, mail, client.id, thread, false)),
    };
  }

  const processor: InboundProcessor & { sweep(): Promise<number> } = {
    async process(inboundMessageId) {
      // Claimed only once a slot is free: a message waiting for one is not yet anybody's.
      await deps.reading(async () => {
        const row = await repository.claim(inboundMessageId, ['received']);
        if (!row) return;
        const stored = await withRaw(row);
        // A database or store error leaves it `received`, with its claim: the sweep tries again.
        await repository.settle(
          row.id,
          stored ? await decide(stored) : { state: 'failed', stateDetail: NOT_READ_ORIGINAL_GONE },
        );
      });
    },

    async release(inboundMessageId, userId) {
      const existing = await repository.find(inboundMessageId);
      if (!existing) throw new AppError(404, INBOUND_NOT_FOUND);
      const client = await repository.clientById(userId);
      if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
      return deps.reading(async () => {
        const row = await repository.claim(inboundMessageId, [...HELD_INBOUND_STATES]);
        if (!row) throw new AppError(409, NOT_HELD);
        const stored = await withRaw(row);
        if (!stored) throw new AppError(410, ORIGINAL_GONE);
        const parsed = await parse(stored);
        if (!('headers' in parsed)) throw new AppError(409, parsed.stateDetail);
        const thread = await findThread(repository, parsed, row.envelopeTo, userId);
        const outcome = await apply(
          stored,
          parsed,
          userId,
          thread && thread.ticket.userId === userId ? thread : null,
          true,
        );
        await repository.settle(row.id, outcome);
        return { ticketId: outcome.ticketId! };
      });
    },

    /** Processes the messages a crash left `received`; answers how many it took up. */
    async sweep() {
      const ids = await repository.stale(SWEEP_AFTER_SECONDS, SWEEP_BATCH);
      for (const id of ids) {
        try {
          await processor.process(id);
        } catch (error) {
          logger.error({ err: error, inboundMessageId: id }, 'inbound message not processed');
        }
      }
      return ids.length;
    },
  };
  return processor;
}
export type InboundProcessorService = ReturnType<typeof createInboundProcessor>;

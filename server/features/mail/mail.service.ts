import {
  KEPT_IN_OUTBOX,
  SECRET_HIDDEN,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxPage,
  type OutboxResent,
  type TestEmailResult,
} from '@shared/schemas/mail';
import { pageOffset } from '@shared/schemas/common';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { endSentence } from '../../lib/format';
import type { MailRepository } from './mail.repository';
import type { Mailer } from './mailer';
import { opensAnAccount } from './secret-refs';

// What the features send their e-mails through (send.ts), as they may import it.
export type { BuildLetter, Letter, LetterSecret, MailContext, Send } from './send';
export type { SendResult } from './mailer';

const NOT_FOUND = 'Message not found';

const checkedId = (id: string) => existingId(id, NOT_FOUND);

/** The failed attempt of a background retry: pg-boss tries the job again after a longer wait. */
export class MailRetryFailed extends Error {}

export function createMailService(
  repository: MailRepository,
  mailer: Mailer,
  audit: AuditTrail,
  now: () => Date = () => new Date(),
) {
  async function find(id: string) {
    const row = await repository.find(checkedId(id));
    if (!row) throw new AppError(404, NOT_FOUND);
    return row;
  }

  /**
   * The message as an admin reads it. A code or link that opens the recipient's account is
   * hidden while it works if a mail server delivers mail: else any admin could take over
   * another admin (no second factor asked) or a client. Without one the outbox is how it
   * reaches the recipient, so it is shown. 'Send again' sends the stored message, whole.
   */
  async function get(id: string): Promise<OutboxMessage> {
    const row = await find(id);
    const live = row.secrets.length > 0 && opensAnAccount(row.secretRef);
    const hidden = live && mailer.configured;
    const shown = (value: string) =>
      hidden
        ? row.secrets.reduce((masked, secret) => masked.replaceAll(secret, SECRET_HIDDEN), value)
        : value;
    return {
      id: row.id,
      fromAddress: row.fromAddress,
      replyTo: row.headers?.replyTo ?? null,
      messageId: row.headers?.messageId ?? null,
      toAddress: row.toAddress,
      clientId: row.clientId,
      subject: shown(row.subject),
      text: shown(row.text),
      html: row.html === null ? null : shown(row.html),
      liveSecret: live ? (hidden ? 'hidden' : 'shown') : null,
      status: row.status,
      error: row.error,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      attachments: row.attachments.map((attachment, index) => ({
        index,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: Buffer.from(attachment.contentBase64, 'base64').length,
      })),
    };
  }

  return {
    /**
     * The outbox's sweep (a job every few minutes): the codes and links whose time is up are
     * blanked out of the messages that carried them. How many messages.
     */
    forgetExpiredSecrets: () => repository.forgetSecrets({ expiredBy: now() }),

    /** POST /api/admin/test-email: a message to the signed-in admin, and what became of it. */
    async sendTest(to: string, brand: string): Promise<TestEmailResult> {
      const result = await mailer.send(
        {
          to,
          subject: `${brand}: test e-mail`,
          text: `This is a test message from ${endSentence(brand)} If you can read it, e-mail works.`,
        },
        // The admin reads the error now and tries again themselves.
        { retry: false },
      );
      if (!result.delivered) {
        return {
          outcome: 'failed',
          message: `The test e-mail to ${to} could not be sent through ${result.transport}.`,
          details: result.error,
        };
      }
      if (result.kept) {
        return {
          outcome: 'kept',
          message: `${KEPT_IN_OUTBOX}.`,
          details: `The test e-mail to ${to} is in the outbox: set SMTP_URL to send mail.`,
        };
      }
      return {
        outcome: 'sent',
        message: `Test e-mail sent to ${to}.`,
        details: `Sent through ${result.transport}.`,
      };
    },

    /** The most recent e-mails to an address, and how many there are (a client's page). */
    async sentTo(email: string, limit: number) {
      const { rows, total } = await repository.sentTo(email, limit);
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
      };
    },

    /** One page of the outbox, newest first. */
    async list({ q, status, page, pageSize }: OutboxListQuery): Promise<OutboxPage> {
      const { rows, total } = await repository.list({
        q,
        status,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      const items = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return { items, total, page, pageSize };
    },

    get,

    async attachment(id: string, index: number) {
      const row = await find(id);
      const attachment = row.attachments[index];
      if (!attachment) throw new AppError(404, 'Attachment not found');
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.contentBase64, 'base64'),
      };
    },

    /**
     * 'Send again' on a failed message: one more hand-over at once, whatever the background
     * retries have done; audited with what it came to. A refusal is a 502 naming the error.
     */
    async sendAgain(id: string, actor: AuditActor): Promise<OutboxResent> {
      const row = await find(id);
      if (row.status !== 'failed') {
        throw new AppError(
          409,
          row.status === 'sent'
            ? 'This message was sent already.'
            : 'Only a message the mail server refused can be sent again.',
        );
      }
      if (!mailer.configured) {
        throw new AppError(409, 'No mail server is configured: set SMTP_URL to send this message.');
      }
      const outcome = await mailer.sendAgain(row);
      if (!outcome) {
        throw new AppError(
          409,
          'This message is being sent right now. Reload the outbox to see how it went.',
        );
      }
      await audit.record(actor, {
        kind: 'mail.resent',
        targetType: 'outbox_message',
        targetId: row.id,
        after: {
          toAddress: row.toAddress,
          subject: row.subject,
          status: outcome.status,
          ...(outcome.error && { error: outcome.error }),
        },
      });
      if (outcome.status === 'failed') {
        throw new AppError(
          502,
          `The message could not be sent: ${outcome.error ?? 'unknown error'}`,
        );
      }
      return {
        message: `Sent to ${row.toAddress} through ${mailer.transport}.`,
        outbox: await get(row.id),
      };
    },

    /**
     * The retry job (server/jobs.ts) of a refused message: one more hand-over. Throws
     * MailRetryFailed while tries remain, so pg-boss runs the job again after a longer wait;
     * after the last one the message stays failed with its error.
     */
    async retryFailed(id: string): Promise<void> {
      const row = await repository.find(id);
      if (!row || row.status !== 'failed' || row.attempts >= mailer.maxAttempts) return;
      const outcome = await mailer.sendAgain(row);
      if (outcome?.status === 'failed' && outcome.attempts < mailer.maxAttempts) {
        throw new MailRetryFailed(
          `Attempt ${outcome.attempts} of ${mailer.maxAttempts} refused: ${outcome.error}`,
        );
      }
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { OutboxHeaders, OutboxMessageRow } from '../../db/schema';
import type { MailRepository } from './mail.repository';
import { forgottenOnceSent } from './secret-refs';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A secret a message carries (a sign-in code, a link's token): the outbox keeps it only while
 * it works. Once it is used (the mail feature's forgetSecrets(ref)) or expires, it is blanked
 * out of the stored message.
 */
export interface MailSecret {
  /** What the secret opens, e.g. `email-code:<sign-in>`, `signup-link:<id>`. */
  ref: string;
  /** The strings to blank out of the subject and bodies. */
  values: string[];
  /** When it stops working; null while it works until used. */
  expiresAt: Date | null;
  /** The attachments carry it too (an invoice PDF's pay link): they are dropped with it. */
  inAttachments?: boolean;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
  secret?: MailSecret;
  /** Threading headers (a ticket's Reply-To, Message-ID…), kept in the outbox for retries. */
  headers?: OutboxHeaders;
}

/** No header value may start a new header line: CR and LF become spaces. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** nodemailer's options for the threading headers. */
function threadingOptions(headers: OutboxHeaders | null | undefined) {
  if (!headers) return {};
  return {
    ...(headers.messageId && { messageId: oneLine(headers.messageId) }),
    ...(headers.replyTo && { replyTo: oneLine(headers.replyTo) }),
    ...(headers.inReplyTo && { inReplyTo: oneLine(headers.inReplyTo) }),
    ...(headers.references?.length && { references: headers.references.map(oneLine) }),
    ...(headers.autoSubmitted && {
      headers: { 'Auto-Submitted': oneLine(headers.autoSubmitted) },
    }),
  };
}

export interface SendResult {
  /** Where the message went: the SMTP host, or the outbox. */
  transport: string;
  /** Sent, or kept in the outbox (no mail server): nothing went wrong. */
  delivered: boolean;
  /** Kept in the outbox because no mail server is configured: delivered, but not sent. */
  kept: boolean;
  outboxId: string;
  error?: string;
}

export interface SendOptions {
  /**
   * Whether a refusal is tried again in the background (the default). A sender that reports
   * the failure to the admin and leaves its own record unchanged (an invoice stays a draft)
   * says false: a copy arriving later would contradict what the admin was told.
   */
  retry?: boolean;
}

/** The caller's transaction, as the outbox takes it (mail.repository's record). */
export type MailTransaction = NonNullable<Parameters<MailRepository['record']>[1]>;

/**
 * A message made ready to go with a change: `write` records it in the outbox in the change's
 * transaction, so it exists exactly when the change does; `handOver`, after the commit, gives
 * it to the mail server.
 */
export interface QueuedMail {
  write(tx: MailTransaction): Promise<void>;
  handOver(): Promise<void>;
}

/**
 * A sender as name and address apart: nodemailer writes the header itself (quoting,
 * escaping, encoding non-ASCII), so no business name can break it.
 */
export interface MailSender {
  name: string;
  address: string;
}

/** How refused messages are tried again (MAIL_RETRY_ATTEMPTS, the job queue). */
export interface MailRetries {
  /** Hand-overs to the mail server in all, the first included; 1 tries nothing again. */
  attempts: number;
  /** Puts the message's retry job on the queue (server/lib/job-queue.ts). */
  schedule(outboxId: string): Promise<void>;
}

export interface MailerDeps {
  smtpUrl: string | undefined;
  /** MAIL_FROM, or undefined for the brand name and business e-mail. */
  from: string | undefined;
  defaultFrom: () => Promise<MailSender>;
  repository: MailRepository;
  logger: Logger;
  /** Absent: a refused message stays failed at once. */
  retries?: MailRetries;
}

/** What one more hand-over of a failed message came to. */
export interface RetryOutcome {
  status: 'sent' | 'failed';
  error: string | null;
  /** Hand-overs so far, this one included. */
  attempts: number;
}

const errorText = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * Sends through SMTP when SMTP_URL is set; otherwise keeps every message in the outbox.
 * Either way each message is recorded (sent, stored, or failed with the SMTP error), so no
 * mail is lost without a trace; a refused one is tried again a few times in the background.
 */
export function createMailer({
  smtpUrl,
  from,
  defaultFrom,
  repository,
  logger,
  retries,
}: MailerDeps) {
  const transporter: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : undefined;
  const transport = smtpUrl
    ? `SMTP ${new URL(smtpUrl).hostname}`
    : 'the outbox (SMTP_URL is not set)';
  const maxAttempts = retries?.attempts ?? 1;

  const sender = async () => from ?? (await defaultFrom());

  /**
   * A message the mail server took keeps no secret the outbox forgets once sent (a proposal's
   * link: secret-refs.ts). Never fails the sending: the expiry sweep blanks it otherwise.
   */
  async function forgetOnceSent(id: string, ref: string | null | undefined) {
    if (!forgottenOnceSent(ref ?? null)) return;
    try {
      await repository.forgetSecrets({ messageId: id });
    } catch (error) {
      logger.error({ err: error, ref }, 'sent secret not blanked out of the outbox');
    }
  }

  /** One hand-over to the mail server: undefined when it took the message, else its error. */
  async function handOver({
    headers,
    ...mail
  }: MailMessage & { from: string | MailSender }): Promise<string | undefined> {
    try {
      await transporter!.sendMail({
        ...mail,
        subject: oneLine(mail.subject),
        ...threadingOptions(headers),
      });
      return undefined;
    } catch (cause) {
      logger.error({ err: cause, to: mail.to, subject: mail.subject }, 'mail not sent');
      return errorText(cause);
    }
  }

  async function scheduleRetry(outboxId: string) {
    if (!retries || maxAttempts <= 1) return;
    // The message is recorded as failed either way: a queue that cannot take the job costs
    // the retries, never the message.
    await retries
      .schedule(outboxId)
      .catch((cause: unknown) =>
        logger.error({ err: cause, outboxId }, 'mail retry could not be scheduled'),
      );
  }

  /**
   * Hands a failed message to the mail server once more, as it was recorded (the current
   * sender, which is the same unless the settings changed). Null when there is no mail
   * server, or the message is no longer failed or was taken by someone else meanwhile.
   */
  async function sendAgain(row: OutboxMessageRow): Promise<RetryOutcome | null> {
    if (!transporter) return null;
    const claimed = await repository.claimRetry(row.id, row.attempts);
    if (!claimed) return null;
    const error = await handOver({
      from: await sender(),
      to: claimed.toAddress,
      subject: claimed.subject,
      text: claimed.text,
      ...(claimed.html !== null && { html: claimed.html }),
      attachments: claimed.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.contentBase64, 'base64'),
      })),
      ...(claimed.headers && { headers: claimed.headers }),
    });
    const outcome = {
      status: error === undefined ? 'sent' : 'failed',
      error: error ?? null,
    } as const;
    await repository.settle(claimed.id, outcome);
    if (outcome.status === 'sent') await forgetOnceSent(claimed.id, claimed.secretRef);
    return { ...outcome, attempts: claimed.attempts };
  }

  return {
    transport,
    /** Whether a mail server is configured (SMTP_URL): without one, messages are only kept. */
    configured: Boolean(transporter),
    maxAttempts,

    async send(message: MailMessage, { retry = true }: SendOptions = {}): Promise<SendResult> {
      const from = await sender();
      const { secret: _secret, ...mail } = message;
      const error = transporter ? await handOver({ from, ...mail }) : undefined;
      const status = !transporter ? 'stored' : error === undefined ? 'sent' : 'failed';
      const row = await repository.record({
        ...outboxRow(from, message),
        status,
        error: error ?? null,
        attempts: transporter ? 1 : 0,
      });
      if (status === 'failed' && retry) await scheduleRetry(row.id);
      if (status === 'sent') await forgetOnceSent(row.id, message.secret?.ref);
      return {
        transport,
        delivered: status !== 'failed',
        kept: status === 'stored',
        outboxId: row.id,
        error,
      };
    },

    /**
     * A message to write in the transaction of the change it tells of (QueuedMail). With a
     * mail server it is recorded as failed, not handed over yet, and handed over once the
     * change is committed, as a retry is: if the process stops in between, the admin sees it
     * in the outbox and sends it again. Without one it is kept ('stored') at once.
     */
    async prepare(message: MailMessage): Promise<QueuedMail> {
      const from = await sender();
      let row: OutboxMessageRow | undefined;
      return {
        async write(tx) {
          row = await repository.record(
            {
              ...outboxRow(from, message),
              status: transporter ? 'failed' : 'stored',
              error: transporter ? NOT_HANDED_OVER : null,
              attempts: 0,
            },
            tx,
          );
        },
        async handOver() {
          if (!row || !transporter) return;
          const outcome = await sendAgain(row);
          if (outcome?.status === 'failed') await scheduleRetry(row.id);
        },
      };
    },

    /** The secret `ref` was used: blanked out of every message that carried it. */
    forgetSecret: (ref: string) => repository.forgetSecrets({ ref }),

    sendAgain,
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** Why a message written with its change waits as failed: the commit comes first. */
const NOT_HANDED_OVER = 'Not handed to the mail server yet.';

/** The outbox's record of a message from `from` (its status and attempts are the sender's). */
function outboxRow(from: string | MailSender, { secret, ...message }: MailMessage) {
  return {
    fromAddress: typeof from === 'string' ? from : displayAddress(from),
    toAddress: message.to,
    subject: oneLine(message.subject),
    text: message.text,
    html: message.html ?? null,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: attachment.content.toString('base64'),
    })),
    headers: message.headers ?? null,
    ...(secret && {
      secretRef: secret.ref,
      secrets: secret.values,
      secretsExpireAt: secret.expiresAt,
      secretsInAttachments: secret.inAttachments ?? false,
    }),
  };
}

/** The sender as the outbox shows it: an RFC 5322 quoted name, backslashes and quotes escaped. */
function displayAddress({ name, address }: MailSender): string {
  return `"${name.replace(/[\\"]/g, '\\$&')}" <${address}>`;
}

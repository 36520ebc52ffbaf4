import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailRepository } from './mail.repository';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Attachment[];
}

export interface SendResult {
  /** Where the message went: the SMTP host, or the outbox. */
  transport: string;
  delivered: boolean;
  outboxId: string;
  error?: string;
}

/**
 * A sender as name and address apart: nodemailer writes the header itself (quoting,
 * escaping, encoding non-ASCII), so no business name can break it.
 */
export interface MailSender {
  name: string;
  address: string;
}

export interface MailerDeps {
  smtpUrl: string | undefined;
  /** MAIL_FROM, or undefined for the brand name and business e-mail. */
  from: string | undefined;
  defaultFrom: () => Promise<MailSender>;
  repository: MailRepository;
  logger: Logger;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise keeps every message in the outbox.
 * Either way each message is recorded (sent, stored, or failed with the SMTP error), so no
 * mail is lost without a trace.
 */
export function createMailer({ smtpUrl, from, defaultFrom, repository, logger }: MailerDeps) {
  const transporter: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : undefined;
  const transport = smtpUrl
    ? `SMTP ${new URL(smtpUrl).hostname}`
    : 'the outbox (SMTP_URL is not set)';

  return {
    transport,

    async send(message: MailMessage): Promise<SendResult> {
      const sender = from ?? (await defaultFrom());
      let status: 'stored' | 'sent' | 'failed' = 'stored';
      let error: string | undefined;
      if (transporter) {
        try {
          await transporter.sendMail({ from: sender, ...message });
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = cause instanceof Error ? cause.message : String(cause);
          logger.error({ err: cause, to: message.to, subject: message.subject }, 'mail not sent');
        }
      }
      const row = await repository.record({
        fromAddress: typeof sender === 'string' ? sender : displayAddress(sender),
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          contentBase64: attachment.content.toString('base64'),
        })),
        status,
        error: error ?? null,
      });
      return { transport, delivered: status !== 'failed', outboxId: row.id, error };
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** The sender as the outbox shows it: an RFC 5322 quoted name, backslashes and quotes escaped. */
function displayAddress({ name, address }: MailSender): string {
  return `"${name.replace(/[\\"]/g, '\\$&')}" <${address}>`;
}

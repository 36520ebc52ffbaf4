import type { Logger } from 'pino';
import type { BackgroundWork } from '../../lib/background-work';
import type { EmailBrand, EmailClient, RenderedEmail } from '../../lib/email-layout';
import type { OutboxHeaders } from '../../db/schema';
import type {
  Attachment,
  MailMessage,
  Mailer,
  QueuedMail,
  SendOptions,
  SendResult,
} from './mailer';
import { secretRef, type SecretKind } from './secret-refs';

/** What every message is built from: the agency as it is now, and who the message is about. */
export interface MailContext {
  brand: EmailBrand;
  /** The client named by `aboutClient` (null when none was named or they are gone). */
  client: EmailClient | null;
  /** APP_URL: the links in the e-mails lead there. */
  appUrl: string;
  /** Where clients write to us: SUPPORT_EMAIL, or the business e-mail of the settings. */
  supportAddress: string;
}

/** A secret a letter carries, by what it opens; the outbox keeps it only while it works. */
export interface LetterSecret {
  kind: SecretKind;
  /** The sign-in, link, invoice or token it belongs to (forgetSecret names it the same way). */
  id: string;
  /** The strings to blank out of the subject and bodies. */
  values: string[];
  /** When it stops working; null while it works until used. */
  expiresAt: Date | null;
  /** The attachments carry it too (an invoice PDF's pay link): they are dropped with it. */
  inAttachments?: boolean;
}

/** A rendered e-mail (`<feature>.emails.ts`), addressed, with what else it carries. */
export interface Letter extends RenderedEmail {
  to: string;
  attachments?: Attachment[];
  secret?: LetterSecret;
  /** Threading headers (a ticket's Reply-To, Message-ID…), kept in the outbox for retries. */
  headers?: OutboxHeaders;
}

/** Builds a letter from the context; null: there is nobody to send it to. */
export type BuildLetter = (context: MailContext) => Letter | null;

/**
 * What the features send their e-mails through (each `create<Feature>Emails(send)`): the
 * composition root builds it once and hands it to them, so the mail feature knows none of them.
 */
export interface Send {
  /**
   * Builds the letter and sends it; the caller learns what became of it (an invoice stays a
   * draft when its e-mail is refused).
   */
  awaited(build: (context: MailContext) => Letter, options?: SendOptions): Promise<SendResult>;
  /**
   * Builds the letter for the caller to write in the transaction of the change it tells of,
   * and to hand to the mail server once that is committed (mailer.ts, QueuedMail).
   */
  prepared(build: (context: MailContext) => Letter): Promise<QueuedMail>;
  /**
   * Builds and sends the letter after the request that caused it is answered: it never fails
   * or delays that request (the mailer records every message, an error here is logged).
   * `kind` names it in the log; `aboutClient` is the user id of the client it is about.
   */
  inBackground(kind: string, build: BuildLetter, aboutClient?: string): void;
  /**
   * Blanks a used secret out of the outbox. Never fails the action that used it (a payment, a
   * sign-up): a secret left behind is blanked by the sweep once it expires.
   */
  forgetSecret(kind: SecretKind, id: string): Promise<void>;
  /** The context alone: a text shown before it is sent, a Message-ID chosen ahead. */
  context(): Promise<MailContext>;
}

export interface SendDeps {
  mailer: Mailer;
  appUrl: string;
  agency: () => Promise<EmailBrand>;
  findClient: (userId: string) => Promise<EmailClient | null>;
  logger: Logger;
  /** Where messages are built and sent after the request that caused them is answered. */
  background: BackgroundWork;
  /** SUPPORT_EMAIL; undefined: the business e-mail of the settings. */
  supportAddress?: string;
}

/** The mailer's message: the secret under the ref the outbox knows it by. */
function toMessage({ secret, ...letter }: Letter): MailMessage {
  if (!secret) return letter;
  const { kind, id, ...kept } = secret;
  return { ...letter, secret: { ref: secretRef(kind, id), ...kept } };
}

export function createSend({
  mailer,
  appUrl,
  agency,
  findClient,
  logger,
  background,
  supportAddress,
}: SendDeps): Send {
  async function context(aboutClient?: string): Promise<MailContext> {
    const [brand, client] = await Promise.all([
      agency(),
      aboutClient ? findClient(aboutClient) : null,
    ]);
    return { brand, client, appUrl, supportAddress: supportAddress ?? brand.businessEmail };
  }

  return {
    async awaited(build, options) {
      return mailer.send(toMessage(build(await context())), options);
    },

    async prepared(build) {
      return mailer.prepare(toMessage(build(await context())));
    },

    inBackground(kind, build, aboutClient) {
      background.track(
        kind,
        context(aboutClient)
          .then(build)
          .then((letter) => (letter ? mailer.send(toMessage(letter)) : undefined)),
      );
    },

    async forgetSecret(kind, id) {
      const ref = secretRef(kind, id);
      try {
        await mailer.forgetSecret(ref);
      } catch (error) {
        logger.error({ err: error, ref }, 'used secret not blanked out of the outbox');
      }
    },

    context: () => context(),
  };
}

import { addDaysToDate, startOfDayIn } from '@shared/dates';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDate, displayDateTime } from '../../lib/format';
import type { Letter, LetterSecret, Send } from '../mail/mail.service';

/** A letter written to the outbox in the caller's transaction, handed over after its commit. */
export type QueuedMail = Awaited<ReturnType<Send['prepared']>>;
type Attachment = NonNullable<Letter['attachments']>[number];

/** A proposal as its e-mails name it. */
export interface ProposalMail {
  id: string;
  title: string;
  recipientName: string;
  recipientEmail: string;
  /** The last day it can be signed ('2026-12-07'). */
  validUntil: string;
}

/** The link that opens the proposal, `<APP_URL>/proposals/<token>`. */
export const proposalUrl = (appUrl: string, token: string) => `${appUrl}/proposals/${token}`;
const adminUrl = (appUrl: string, id: string) => `${appUrl}/admin/proposals/${id}`;

/** To the recipient: the proposal, with the link to read and sign it. */
export function proposalLinkEmail(
  brand: EmailBrand,
  proposal: ProposalMail,
  url: string,
): RenderedEmail {
  return renderEmail(
    brand,
    `${brand.businessName} sent you a proposal: ${proposal.title}`,
    [
      `Hello ${proposal.recipientName},`,
      `${brand.businessName} has prepared a proposal for you: ${proposal.title}.`,
      `Read it, then sign it on any device (your phone works) with the link below. It can be signed until ${displayDate(proposal.validUntil, brand.timeZone)}.`,
      'The link is personal: it was sent to you alone. If you have a question, reply to this e-mail.',
    ],
    { href: url, label: 'Read and sign the proposal' },
  );
}

/** To the recipient, days before it expires unsigned: the same link again. */
export function proposalReminderEmail(
  brand: EmailBrand,
  proposal: ProposalMail,
  url: string,
): RenderedEmail {
  const until = displayDate(proposal.validUntil, brand.timeZone);
  return renderEmail(
    brand,
    `Reminder: your proposal from ${brand.businessName} can be signed until ${until}`,
    [
      `Hello ${proposal.recipientName},`,
      `A reminder that the proposal "${proposal.title}" from ${brand.businessName} can be signed until ${until}. After that day the link no longer works.`,
      'If you have a question, or need more time, reply to this e-mail.',
    ],
    { href: url, label: 'Read and sign the proposal' },
  );
}

/** To the owner: the recipient opened the link for the first time. */
export function proposalOpenedEmail(
  brand: EmailBrand,
  proposal: ProposalMail,
  openedAt: Date,
  appUrl: string,
): RenderedEmail {
  return renderEmail(
    brand,
    `${proposal.recipientName} opened your proposal ${proposal.title}`,
    [
      `${proposal.recipientName} (${proposal.recipientEmail}) opened your proposal "${proposal.title}" on ${displayDateTime(openedAt, brand.timeZone)}.`,
      `It can be signed until ${displayDate(proposal.validUntil, brand.timeZone)}.`,
    ],
    { href: adminUrl(appUrl, proposal.id), label: 'See the proposal' },
  );
}

/** To the owner: signed; the sealed agreement is attached. */
export function proposalSignedEmail(
  brand: EmailBrand,
  proposal: ProposalMail & { signerName: string; signedAt: Date },
  appUrl: string,
): RenderedEmail {
  return renderEmail(
    brand,
    `${proposal.signerName} signed your proposal ${proposal.title}`,
    [
      `${proposal.signerName} (${proposal.recipientEmail}) signed your proposal "${proposal.title}" on ${displayDateTime(proposal.signedAt, brand.timeZone)}.`,
      'The signed agreement is attached, sealed: any later change to the file shows in a PDF reader. Its timeline keeps the evidence of the signature.',
    ],
    { href: adminUrl(appUrl, proposal.id), label: 'See the proposal' },
  );
}

/** To the signer: their copy of the sealed agreement. */
export function agreementCopyEmail(
  brand: EmailBrand,
  proposal: ProposalMail & { signerName: string; signedAt: Date },
): RenderedEmail {
  return renderEmail(brand, `Your signed agreement with ${brand.businessName}: ${proposal.title}`, [
    `Hello ${proposal.signerName},`,
    `Thank you for signing "${proposal.title}" on ${displayDateTime(proposal.signedAt, brand.timeZone)}. Your copy of the agreement is attached as a PDF, sealed so that any later change to it shows.`,
    'Keep it for your records. If you have a question, reply to this e-mail.',
  ]);
}

/** To the owner: the recipient declined, with their reason if they gave one. */
export function proposalDeclinedEmail(
  brand: EmailBrand,
  proposal: ProposalMail,
  reason: string | null,
  appUrl: string,
): RenderedEmail {
  return renderEmail(
    brand,
    `${proposal.recipientName} declined your proposal ${proposal.title}`,
    [
      `${proposal.recipientName} (${proposal.recipientEmail}) declined your proposal "${proposal.title}".`,
      reason ? `Their reason:\n${reason}` : 'They gave no reason.',
    ],
    { href: adminUrl(appUrl, proposal.id), label: 'See the proposal' },
  );
}

/** The name a proposal's sealed agreement is saved under: from its title, or its id. */
export const agreementFilename = (proposal: { id: string; title: string }) =>
  `agreement-${
    proposal.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || proposal.id
  }.pdf`;

/** The sealed agreement as an attachment. */
const agreementFile = (proposal: ProposalMail, pdf: Buffer): Attachment => ({
  filename: agreementFilename(proposal),
  contentType: 'application/pdf',
  content: pdf,
});

/**
 * The link's token, which lets whoever holds it sign as the recipient: the outbox forgets it
 * once the mail server takes the message (secret-refs.ts), when the link is revoked, and the
 * day the proposal expires unsigned.
 */
const linkSecret = (brand: EmailBrand, proposal: ProposalMail, url: string): LetterSecret => ({
  kind: 'proposal-link',
  id: proposal.id,
  values: [url.split('/').at(-1)!],
  expiresAt: startOfDayIn(addDaysToDate(proposal.validUntil, 1), brand.timeZone),
});

/** Sends the proposals' e-mails (the proposal service's `mail`). */
export function createProposalEmails(send: Send) {
  return {
    /** The link, written to the outbox with the send it records (handed over after commit). */
    proposalLink: (proposal: ProposalMail, url: string): Promise<QueuedMail> =>
      send.prepared(({ brand }) => ({
        to: proposal.recipientEmail,
        ...proposalLinkEmail(brand, proposal, url),
        secret: linkSecret(brand, proposal, url),
      })),

    proposalReminder: (proposal: ProposalMail, url: string): Promise<QueuedMail> =>
      send.prepared(({ brand }) => ({
        to: proposal.recipientEmail,
        ...proposalReminderEmail(brand, proposal, url),
        secret: linkSecret(brand, proposal, url),
      })),

    /** The link was revoked: the outbox keeps no copy of it (a kept or failed message). */
    forgetProposalLink: (proposalId: string) => send.forgetSecret('proposal-link', proposalId),

    /** To the business e-mail, in the background: the view is recorded whatever becomes of it. */
    proposalOpened(proposal: ProposalMail, openedAt: Date): void {
      send.inBackground('proposal-opened', ({ brand, appUrl }) => ({
        to: brand.businessEmail,
        ...proposalOpenedEmail(brand, proposal, openedAt, appUrl),
      }));
    },

    proposalDeclined(proposal: ProposalMail, reason: string | null): void {
      send.inBackground('proposal-declined', ({ brand, appUrl }) => ({
        to: brand.businessEmail,
        ...proposalDeclinedEmail(brand, proposal, reason, appUrl),
      }));
    },

    /** The sealed agreement to both parties: two letters written with the event that records them. */
    async agreementSigned(
      proposal: ProposalMail & { signerName: string; signedAt: Date },
      pdf: Buffer,
    ): Promise<QueuedMail[]> {
      const attachments = [agreementFile(proposal, pdf)];
      return Promise.all([
        send.prepared(({ brand }) => ({
          to: proposal.recipientEmail,
          ...agreementCopyEmail(brand, proposal),
          attachments,
        })),
        send.prepared(({ brand, appUrl }) => ({
          to: brand.businessEmail,
          ...proposalSignedEmail(brand, proposal, appUrl),
          attachments,
        })),
      ]);
    },
  };
}
export type ProposalEmails = ReturnType<typeof createProposalEmails>;

import { INBOUND_STATE_LABELS } from '@shared/schemas/inbound';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDateTime } from '../../lib/format';
import type { Send } from '../mail/mail.service';
import type { QueuedDigestMail } from './held-digest';
import type { HeldInbound } from './inbound.repository';

/** Who a held message says it is from: the From header's name and address, else the envelope's. */
function senderOf(message: HeldInbound): string {
  const address = message.fromAddress ?? message.envelopeFrom;
  if (!address) return '(no sender)';
  return message.fromName ? `${message.fromName} <${address}>` : address;
}

/**
 * Why a message is held, as the log says it without the log's "Held…:" before it ("No client
 * has the verified address …"); the state's name when the log says nothing.
 */
function whyHeld(message: HeldInbound): string {
  const detail = message.stateDetail?.replace(/^Held[^:]*:\s*/, '');
  if (!detail) return INBOUND_STATE_LABELS[message.state];
  return detail.charAt(0).toUpperCase() + detail.slice(1);
}

/**
 * The day's digest of the support e-mail held for review (docs/support-mail.md, Held mail):
 * for each message its sender, subject, when it came, why it is held and the link to decide
 * on it; `held` counts them all, `messages` are the oldest (held-digest.ts).
 */
export function heldMailDigestEmail(
  brand: EmailBrand,
  { held, messages }: { held: number; messages: HeldInbound[] },
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const entries = messages.map((message) =>
    [
      `From: ${senderOf(message)}`,
      `Subject: ${message.subject ?? '(no subject)'}`,
      `Received: ${displayDateTime(message.receivedAt, brand.timeZone)}`,
      `Why held: ${whyHeld(message)}`,
      `Review: ${appUrl}/admin/support/inbound/${message.id}`,
    ].join('\n'),
  );
  const rest = held - messages.length;
  return renderEmail(
    brand,
    held === 1
      ? '1 support e-mail is held for review'
      : `${held} support e-mails are held for review`,
    [
      held === 1
        ? 'This e-mail to the support address is held: its sender could not be verified as a client, so no client sees it and nobody has answered it. Release it into a ticket, turn it into a consultation request, or leave it.'
        : `These ${held} e-mails to the support address are held: their senders could not be verified as clients, so no client sees them and nobody has answered them. Release each into a ticket, turn it into a consultation request, or leave it.`,
      ...entries,
      ...(rest > 0 ? [`And ${rest} more, oldest first in the inbound log.`] : []),
      'This digest is sent once a day while e-mail is held; turn it off in Settings.',
    ],
    {
      href: `${appUrl}/admin/support/inbound?state=held`,
      label: 'Review held e-mail',
    },
  );
}

/** Sends the inbound feature's e-mails to the agency (the held digest's `emails`). */
export function createInboundEmails(send: Send) {
  return {
    /**
     * The day's digest to the business e-mail, to write in the transaction that claims the day
     * (held-digest.ts) and hand over once that is committed.
     */
    heldMailDigest(digest: { held: number; messages: HeldInbound[] }): Promise<QueuedDigestMail> {
      return send.prepared(({ brand, appUrl }) => ({
        to: brand.businessEmail,
        ...heldMailDigestEmail(brand, digest, { appUrl }),
      }));
    },
  };
}
export type InboundEmails = ReturnType<typeof createInboundEmails>;

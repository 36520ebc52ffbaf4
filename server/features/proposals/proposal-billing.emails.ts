import { formatPlanPrice } from '@shared/plans';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import type { Send, SendResult } from '../mail/mail.service';

/** What the portal invitation of a signed proposal tells its signer. */
export interface PortalInvitation {
  email: string;
  name: string;
  title: string;
  /** The plan the proposal names, at its price: waiting for the first invoice. */
  plan: { name: string; monthlyCents: number } | null;
  /** The first invoice's number, when signing issued one. */
  invoiceNumber: string | null;
  /** The portal's sign-up page for the proposal's e-mail. */
  signupUrl: string;
}

/**
 * Signing invites the recipient to the portal under the proposal's e-mail: their plan and
 * invoices are waiting there. It is no signup link with a plan (that would request the plan a
 * second time): the account they make with this address is given what the proposal made.
 */
export function portalInvitationEmail(
  brand: EmailBrand,
  invitation: PortalInvitation,
): RenderedEmail {
  const waiting = [
    invitation.plan
      ? `your ${invitation.plan.name} plan (${formatPlanPrice(invitation.plan.monthlyCents)})`
      : null,
    invitation.invoiceNumber ? `invoice ${invitation.invoiceNumber}` : null,
    'the signed agreement',
  ].filter((part): part is string => part !== null);
  return renderEmail(
    brand,
    `Welcome to ${brand.businessName}: your client account`,
    [
      `Hello ${invitation.name},`,
      `Thank you for signing "${invitation.title}". Create your client account with ${invitation.email} to find ${waiting.join(', ')} in one place.`,
      invitation.plan
        ? 'Your plan starts once the first invoice is paid; there is nothing else to request.'
        : 'You can follow your invoices and ask us for help there.',
    ],
    { href: invitation.signupUrl, label: 'Create your account' },
  );
}

/** The e-mails of a signed proposal's billing (proposal-billing.ts's `mail`). */
export function createProposalBillingEmails(send: Send) {
  return {
    portalInvitation: (invitation: PortalInvitation): Promise<SendResult> =>
      send.awaited(({ brand }) => ({
        to: invitation.email,
        ...portalInvitationEmail(brand, invitation),
      })),
  };
}
export type ProposalBillingEmails = ReturnType<typeof createProposalBillingEmails>;

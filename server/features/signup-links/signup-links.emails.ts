import { formatPlanPrice } from '@shared/plans';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDateTime } from '../../lib/format';
import type { Send, SendResult } from '../mail/mail.service';

/** A signup invitation as its e-mail describes it. */
export interface SignupInvitation {
  /** The signup link's id: the outbox forgets the link when it is used. */
  linkId: string;
  email: string;
  planName: string;
  priceCents: number;
  signupUrl: string;
  expiresAt: Date;
}

/** The e-mail that carries a signup link: the admin reads its text before sending it. */
export function signupInvitationEmail(
  brand: EmailBrand,
  invitation: SignupInvitation,
): RenderedEmail {
  const expires = displayDateTime(invitation.expiresAt, brand.timeZone);
  return renderEmail(
    brand,
    `Your ${invitation.planName} plan with ${brand.businessName}: create your account`,
    [
      'Hello,',
      `We are ready to start on your website. Your plan is ${invitation.planName} at ${formatPlanPrice(invitation.priceCents)}: billed monthly, no setup fees, cancel anytime.`,
      'Create your client account with the link below to confirm it. You will get your first invoice once your account is set up, and the plan starts when it is paid.',
      `The link is for ${invitation.email} only and works once, until ${expires}.`,
    ],
    { href: invitation.signupUrl, label: 'Create your account' },
  );
}

/** Sends the signup invitations (the signup link service's `mail`). */
export function createSignupLinkEmails(send: Send) {
  return {
    /** The invitation e-mail as it will be sent: for the admin to read and copy. */
    async signupInvitationText(invitation: SignupInvitation) {
      const { subject, text } = signupInvitationEmail((await send.context()).brand, invitation);
      return { subject, body: text };
    },

    /** A signup link to a future client. Awaited, like invoices. */
    signupInvitation: (invitation: SignupInvitation): Promise<SendResult> =>
      send.awaited(
        ({ brand }) => ({
          to: invitation.email,
          ...signupInvitationEmail(brand, invitation),
          secret: {
            kind: 'signup-link',
            id: invitation.linkId,
            values: [invitation.signupUrl.split('/').at(-1)!],
            expiresAt: invitation.expiresAt,
          },
        }),
        // The admin is told of a refusal and sends it again from the dialog.
        { retry: false },
      ),

    /** The signup link was used: the outbox keeps no working copy. */
    forgetSignupLink: (linkId: string) => send.forgetSecret('signup-link', linkId),
  };
}

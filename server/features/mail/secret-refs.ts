/**
 * What the secret of a message opens (mailer.ts MailSecret `ref`): a sign-in's code, a link.
 * Written here once, for the notifications that send them and the outbox that shows them.
 */
export const emailCodeRef = (signIn: string) => `email-code:${signIn}`;
export const signupLinkRef = (linkId: string) => `signup-link:${linkId}`;
export const payLinkRef = (invoiceId: string) => `pay-link:${invoiceId}`;
export const adminLinkRef = (tokenId: string) => `admin-link:${tokenId}`;

/**
 * Whether the secret opens someone's account: a client's sign-up, sign-in, password-reset or
 * e-mail-change code, an admin's password-reset or invitation link. With it an admin could take
 * over another admin (no second factor asked) or a client, so while a mail server delivers the
 * message the outbox hides it. A pay link or a signup link is no such secret: the admin has
 * them anyway (the invoice's PDF, the link shown when it is made).
 */
export function opensAnAccount(ref: string | null): boolean {
  return ref !== null && (ref.startsWith('email-code:') || ref.startsWith('admin-link:'));
}

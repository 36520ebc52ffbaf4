/**
 * What the secret of a message opens (mailer.ts MailSecret `ref`): a sign-in's code, a link.
 * The features name the kind and the id (send.ts); the ref is written here once, for the
 * messages that carry the secrets and the outbox that shows them.
 */
export type SecretKind = 'email-code' | 'signup-link' | 'pay-link' | 'admin-link' | 'proposal-link';

/**
 * `email-code:<sign-in>`, `signup-link:<link id>`, `pay-link:<invoice id>`,
 * `admin-link:<token id>`, `proposal-link:<proposal id>`.
 */
export const secretRef = (kind: SecretKind, id: string) => `${kind}:${id}`;

/**
 * Whether the secret opens someone's account: a client's sign-up, sign-in, password-reset or
 * e-mail-change code, an admin's password-reset or invitation link. With it an admin could take
 * over another admin (no second factor asked) or a client, so while a mail server delivers the
 * message the outbox hides it. A pay link or a signup link is no such secret: the admin has
 * them anyway (the invoice's PDF, the link shown when it is made).
 */
/**
 * Whether the outbox forgets the secret as soon as the mail server takes the message: a
 * proposal's link lets whoever holds it sign as the recipient, and nobody but them needs it
 * (the admin sees the proposal, revokes the link, and sends a new one). Kept while the
 * message is failed (a retry sends it whole) or kept without a mail server (the outbox is
 * how it reaches the recipient).
 */
export function forgottenOnceSent(ref: string | null): boolean {
  return ref !== null && ref.startsWith('proposal-link:');
}

export function opensAnAccount(ref: string | null): boolean {
  return ref !== null && (ref.startsWith('email-code:') || ref.startsWith('admin-link:'));
}

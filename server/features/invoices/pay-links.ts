import crypto from 'node:crypto';
import type { InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { HowToPay, PayLink } from './invoices.emails';
import type { PayLinkRepository } from './pay-links.repository';

export const PAY_LINK_NOT_FOUND = 'This pay link is not valid';
export const PAY_LINK_EXPIRED =
  'This pay link has expired. Sign in to your client portal to pay, or ask us for a new link.';
export const PAY_LINK_VOID = 'This invoice was voided: nothing is owed on it.';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PayLinkDeps {
  repository: PayLinkRepository;
  /** False when Stripe is not configured: card payment is off, and no link is handed out. */
  onlinePayments: boolean;
  appUrl: string;
  /** How long a pay link works after it was last handed out (PAY_LINK_DAYS). */
  payLinkDays: number;
  /** The settings' payment instructions, printed beside the link. */
  paymentInstructions: () => Promise<string>;
  now?: () => Date;
}

/** The hash of a pay link's token: what the invoice keeps, and what a rate limit counts. */
export const payTokenHash = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/**
 * An invoice's pay link: made by the invoices (its e-mail, its PDF) and by payments (reminders,
 * a declined charge), opened by whoever holds it. Built before both, so neither needs the other
 * to hand one out.
 */
export function createPayLinks({
  repository,
  onlinePayments,
  appUrl,
  payLinkDays,
  paymentInstructions,
  now = () => new Date(),
}: PayLinkDeps) {
  // The key never changes once made: read once per process, again only after a failed read.
  let payLinkKey: Promise<string> | undefined;
  const keyForPayLinks = () =>
    (payLinkKey ??= repository.payLinkKey().catch((error: unknown) => {
      payLinkKey = undefined;
      throw error;
    }));

  /**
   * The token of the invoice's pay link number `version`: derived from its id with a secret
   * key, so every copy of one link agrees, and a revoke (the next version) changes it.
   */
  async function tokenOf(invoiceId: string, version: number): Promise<string> {
    const key = await keyForPayLinks();
    // Version 0 is the link made before links could be revoked: it keeps working as it was.
    const subject = version === 0 ? `pay:${invoiceId}` : `pay:${invoiceId}:${version}`;
    return crypto.createHmac('sha256', key).update(subject).digest('base64url');
  }

  /**
   * The invoice's current pay link, handed out: it works for payLinkDays from now (an e-mail
   * or a PDF sent again renews it). Null when card payment is off or there is no invoice.
   */
  async function payLink(invoiceId: string): Promise<PayLink | null> {
    if (!onlinePayments) return null;
    const expiresAt = new Date(now().getTime() + payLinkDays * DAY_MS);
    // A revoke between reading the version and storing the link moves the version on: the
    // link is made again from the new one, never the revoked one stored.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const version = await repository.payLinkVersion(invoiceId);
      if (version === null) return null;
      const token = await tokenOf(invoiceId, version);
      if (await repository.storePayLink(invoiceId, version, payTokenHash(token), expiresAt)) {
        return { invoiceId, url: `${appUrl}/pay/${token}`, expiresAt };
      }
    }
    throw new Error(`The pay link of invoice ${invoiceId} kept being revoked while made`);
  }

  return {
    payLink,

    /** How an unpaid invoice can be paid, as its e-mails say: its link and the instructions. */
    async howToPay(invoice: Pick<InvoiceRow, 'id'>): Promise<HowToPay> {
      return { payLink: await payLink(invoice.id), instructions: await paymentInstructions() };
    },

    /** The invoice a pay link opens: 404 for a wrong link, 410 for one that has expired. */
    async openedBy(token: string): Promise<InvoiceRow> {
      const invoice = /^[\w-]{20,100}$/.test(token)
        ? await repository.findInvoiceByPayTokenHash(payTokenHash(token))
        : null;
      if (!invoice) throw new AppError(404, PAY_LINK_NOT_FOUND);
      if (invoice.status === 'void') throw new AppError(410, PAY_LINK_VOID);
      if (!invoice.payLinkExpiresAt || invoice.payLinkExpiresAt <= now()) {
        throw new AppError(410, PAY_LINK_EXPIRED);
      }
      return invoice;
    },

    /** The invoice's pay link stops working; the next one handed out is another. */
    revoke: (invoiceId: string) => repository.revokePayLink(invoiceId),
  };
}
export type PayLinks = ReturnType<typeof createPayLinks>;

import { formatCents } from '@shared/money';
import {
  balanceDue,
  isPayable,
  MIN_CARD_PAYMENT_CENTS,
  type PayLinkInvoice,
} from '@shared/schemas/payments';
import { invoiceName } from '@shared/schemas/invoices';
import type { AppliedTax } from '@shared/schemas/tax';
import type { InvoiceRow, User } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import { PAY_LINK_NOT_FOUND, payTokenHash, type PayLinks } from '../invoices/pay-links';
import { requireGateway } from './online-payments';
import type { PaymentPages } from './payment-pages';
import type { PaymentRepository } from './payments.repository';
import type { SavedCardRepository } from './saved-cards.repository';
import type { StripeGateway } from './stripe-gateway';

const INVOICE_NOT_FOUND = 'Invoice not found';

/**
 * Who pays a proposal's first invoice before having an account (issue 38): the Stripe
 * customer their card is saved to, kept on the proposal until it attaches to their account.
 */
export interface ProspectPayer {
  proposalId: string;
  email: string;
  name: string;
  /** The customer kept for them already, if any. */
  customerId: string | null;
  /** Keeps the customer made, unless another request kept one first: the one kept. */
  keep(customerId: string): Promise<string>;
}

/** Whose Stripe customer the page opens with: the client's, a prospect's, or nobody's. */
type Payer = { client: User } | { prospect: ProspectPayer } | null;

export interface CheckoutDeps {
  repository: Pick<PaymentRepository, 'findClientInvoice' | 'findInvoice' | 'openCheckout'>;
  savedCards: Pick<SavedCardRepository, 'findClient' | 'setStripeCustomer'>;
  /** Null: Stripe is not configured, online payment is off. */
  gateway: StripeGateway | null;
  payLinks: Pick<PayLinks, 'openedBy'>;
  pages: Pick<PaymentPages, 'closeQuietly'>;
  appUrl: string;
  paymentInstructions: () => Promise<string>;
  /** The late-fee terms while late fees are on (the settings feature); null while off. */
  lateFeeTerms: () => Promise<string | null>;
  /** The taxes the invoice applied, rate by rate (the invoices service's), for the pay page. */
  taxesOf: (invoiceId: string) => Promise<AppliedTax[]>;
  now: () => Date;
}

function requirePayable(invoice: InvoiceRow) {
  if (invoice.status === 'paid') throw new AppError(409, 'This invoice is already paid');
  if (!isPayable(invoice)) throw new AppError(409, 'This invoice cannot be paid yet');
  if (balanceDue(invoice) <= 0) throw new AppError(409, 'Nothing is left to pay on this invoice');
  if (balanceDue(invoice) < MIN_CARD_PAYMENT_CENTS) {
    throw new AppError(
      409,
      `Amounts under ${formatCents(MIN_CARD_PAYMENT_CENTS)} cannot be paid by card. Please pay as the invoice describes.`,
    );
  }
}

/**
 * Paying an invoice on Stripe's Checkout page: from the client's portal, or through the
 * invoice's pay link. Opening a page records nothing: Stripe's webhook records the money.
 */
export function createCheckout({
  repository,
  savedCards,
  gateway,
  payLinks,
  pages,
  appUrl,
  paymentInstructions,
  lateFeeTerms,
  taxesOf,
  now,
}: CheckoutDeps) {
  /** The payer's Stripe customer, made the first time they pay online. */
  async function customerOf(payer: Payer, stripe: StripeGateway): Promise<string | null> {
    if (!payer) return null;
    if ('prospect' in payer) {
      const { prospect } = payer;
      if (prospect.customerId) return prospect.customerId;
      const created = await stripe.createCustomer({
        proposalId: prospect.proposalId,
        email: prospect.email,
        name: prospect.name,
      });
      return prospect.keep(created);
    }
    const { client } = payer;
    if (client.stripeCustomerId) return client.stripeCustomerId;
    const created = await stripe.createCustomer({
      userId: client.id,
      email: client.email ?? '',
      name: fullName(client) || client.businessName || client.email || 'Client',
    });
    return savedCards.setStripeCustomer(client.id, created);
  }

  async function openPage(
    invoice: InvoiceRow,
    payer: Payer,
    returnTo: { success: string; cancel: string },
    /** Keep the card for the payer's renewals: not when whoever holds a pay link pays. */
    saveCard: boolean,
    /** Opened through a pay link: the hash of its token, which must still be the current one. */
    payTokenHash?: string,
  ): Promise<string> {
    const stripe = requireGateway(gateway);
    requirePayable(invoice);
    const customerId = await customerOf(payer, stripe);
    const session = await stripe.createCheckoutSession({
      saveCard: saveCard && customerId !== null,
      customerId,
      customerEmail: invoice.clientEmail,
      invoice,
      amount: balanceDue(invoice),
      description: `Invoice ${invoiceName(invoice)}`,
      successUrl: returnTo.success,
      cancelUrl: returnTo.cancel,
    });
    // One page open per invoice: a second tab, or a second device, closes the first. The
    // invoice (and the pay link) are checked again as the page is recorded: a delete or a
    // revoke that came while Stripe made it has closed every page it knew of, so this one
    // is closed too instead of left payable.
    const opened = await repository.openCheckout(invoice.id, session.id, {
      payTokenHash,
      at: now(),
    });
    if (opened === 'gone') {
      await pages.closeQuietly(invoice.id, session.id);
      throw new AppError(404, payTokenHash ? PAY_LINK_NOT_FOUND : INVOICE_NOT_FOUND);
    }
    if (opened.earlier && opened.earlier !== session.id) {
      await pages.closeQuietly(invoice.id, opened.earlier);
    }
    return session.url;
  }

  return {
    /** Checkout for the signed-in client's own invoice; back to the portal afterwards. */
    async payAsClient(userId: string, invoiceId: string): Promise<string> {
      const invoice = await repository.findClientInvoice(
        userId,
        existingId(invoiceId, INVOICE_NOT_FOUND),
      );
      if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
      const client = await savedCards.findClient(userId);
      const back = `${appUrl}/portal/dashboard?invoice=${invoice.id}&payment=`;
      return openPage(
        invoice,
        client && { client },
        { success: `${back}success`, cancel: `${back}cancelled` },
        true,
      );
    },

    /**
     * Checkout for a signed proposal's first invoice (issue 38), from the proposal's page,
     * back to it afterwards (`returnTo`). The card is kept for the plan's renewals: on the
     * client's customer when the invoice has its client's account already (a client, or one
     * who signed up before paying), else on the `prospect`'s, which becomes the client's as
     * the proposal attaches to their account (payment settings' adoptCustomer).
     */
    async payProposalInvoice(
      invoiceId: string,
      returnTo: { success: string; cancel: string },
      prospect?: ProspectPayer,
    ): Promise<string> {
      const invoice = await repository.findInvoice(invoiceId);
      if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
      const client = invoice.userId ? await savedCards.findClient(invoice.userId) : null;
      const payer = client ? { client } : prospect ? { prospect } : null;
      return openPage(invoice, payer, returnTo, true);
    },

    /** The invoice as its pay link shows it to whoever holds the link. */
    async payLinkInvoice(token: string, businessName: string): Promise<PayLinkInvoice> {
      const invoice = await payLinks.openedBy(token);
      return {
        invoiceNumber: invoiceName(invoice),
        businessName,
        clientName: invoice.clientName,
        dateIssued: invoice.dateIssued,
        dueDate: invoice.dueDate,
        // The lookup answers sent, overdue and paid invoices only.
        status: invoice.status === 'draft' || invoice.status === 'void' ? 'sent' : invoice.status,
        total: invoice.total,
        amountPaid: invoice.amountPaid,
        taxes: await taxesOf(invoice.id),
        taxExemptCertificate: invoice.taxExemptCertificate,
        onlinePayments: gateway !== null,
        paymentInstructions: await paymentInstructions(),
        lateFeeTerms: await lateFeeTerms(),
      };
    },

    async payByLink(token: string): Promise<string> {
      const invoice = await payLinks.openedBy(token);
      const back = `${appUrl}/pay/${token}?payment=`;
      // Whoever holds the link may not be the client (a bookkeeper, or anyone the e-mail was
      // forwarded to): the page opens without the client's Stripe customer, so none of their
      // saved cards or billing address is offered, and the card typed is not kept.
      return openPage(
        invoice,
        null,
        { success: `${back}success`, cancel: `${back}cancelled` },
        false,
        payTokenHash(token),
      );
    },
  };
}

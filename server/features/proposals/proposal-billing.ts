import type { Logger } from 'pino';
import { addDaysToDate, calendarDateIn } from '@shared/dates';
import type { CreateInvoice, InvoiceDetail } from '@shared/schemas/invoices';
import { balanceDue } from '@shared/schemas/payments';
import { depositParts, proposalTotals, type ProposalPayment } from '@shared/schemas/proposals';
import { formatPercent } from '@shared/tax';
import type { ProposalRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PAYMENT_PAGE_UNREACHABLE, type InvoiceService } from '../invoices/invoices.service';
import type { ProspectPayer } from '../payments/payments.service';
import type { ProposalBillingEmails } from './proposal-billing.emails';
import type { ProposalBillingRepository } from './proposal-billing.repository';

/**
 * A signed proposal's money, the client and the plan (issue 38, docs/proposals.md). Every
 * step is done once, whatever runs it again: a second call after a crash or a restart, a
 * webhook delivered twice (the proposal's own row, locked, says which steps are done).
 */
export interface ProposalBilling {
  /** After signing; idempotent (row lock + checks), safe to re-run after a crash/restart. */
  settleSigned(proposalId: string): Promise<void>;
  /** What the signer's page shows to pay (PublicProposalSchema.payment), null if nothing. */
  payment(proposalId: string): Promise<ProposalPayment | null>;
  /**
   * Stripe Checkout URL for the first invoice, saving the card for renewals when it has a
   * client; 409 if paid/none, 503 if Stripe is off. `returnUrl`: the page Checkout comes back
   * to (the proposal's page: `?paid=1` after paying, as it is when cancelled).
   */
  depositCheckout(proposalId: string, returnUrl?: string): Promise<string>;
  /** On a verified sign-in (auth.service signIn, after invoices' claim): attach proposals. */
  attachForVerifiedEmail(userId: string, email: string): Promise<void>;
}

export interface ProposalBillingDeps {
  repository: ProposalBillingRepository;
  invoices: Pick<
    InvoiceService,
    'create' | 'send' | 'detail' | 'closePaymentPagesOf' | 'removeUnpaidFirstInvoices'
  >;
  mail: Pick<ProposalBillingEmails, 'portalInvitation'>;
  /**
   * Checkout for an invoice (payments' payProposalInvoice), keeping the card for the renewals:
   * on the client's Stripe customer when the invoice has a client, else on the `prospect`'s.
   */
  openCheckout: (
    invoiceId: string,
    returnTo: { success: string; cancel: string },
    prospect: ProspectPayer,
  ) => Promise<string>;
  /**
   * The recipient's Stripe customer (and the card saved there) becomes the client's payment
   * settings as the proposal attaches to their account (payments' adoptProspectCustomer).
   */
  adoptCustomer: (userId: string, customerId: string) => Promise<unknown>;
  /** Card payment is on (Stripe configured). */
  online: boolean;
  /** The settings' payment instructions. */
  paymentInstructions: () => Promise<string>;
  appUrl: string;
  logger: Logger;
  now: () => Date;
  /** The business's calendar: the invoices' dates. */
  timeZone: string;
}

/** Days the first invoice gives to pay, as a plan's first invoice does. */
const FIRST_INVOICE_TERMS_DAYS = 7;
/** Nothing was billed: the answer of depositCheckout with no first invoice. */
export const NOTHING_TO_PAY = 'This proposal has nothing to pay';

/** Another run linked its invoice first: this run's invoice is undone with its transaction. */
class LinkedMeanwhile extends Error {}

/**
 * The deposit as invoice lines (issue 39): one line, taxable as the items are; where taxable
 * and non-taxable items mix, the taxable items' share and the rest on a line each, so the
 * rates fall on the taxable share only. `sign` −1: the credit of the remainder invoice.
 */
function depositLines(
  proposal: ProposalRow,
  deposit: number,
  description: string,
  sign: 1 | -1,
): CreateInvoice['lineItems'] {
  const parts = depositParts(proposal.items, deposit);
  const line = (unitPrice: number, taxable: boolean, what = '') => ({
    description: `${description}${what}`,
    quantity: 1,
    unitPrice: sign * unitPrice,
    taxable,
  });
  if (parts.exempt === 0) return [line(deposit, true)];
  if (parts.taxable === 0) return [line(deposit, false)];
  return [
    line(parts.taxable, true, ' (taxable items)'),
    line(parts.exempt, false, ' (non-taxable items)'),
  ];
}

/** The first invoice's lines: the deposit on the one-off items, the plan's first month. */
export function firstInvoiceLines(proposal: ProposalRow) {
  const totals = proposalTotals(proposal.items, proposal.depositPercent, proposal.planMonthlyCents);
  const lines: CreateInvoice['lineItems'] = [];
  if (totals.deposit > 0) {
    lines.push(
      ...depositLines(
        proposal,
        totals.deposit,
        `Deposit (${proposal.depositPercent}%) — ${proposal.title}`,
        1,
      ),
    );
  }
  if (proposal.planId && proposal.planMonthlyCents !== null) {
    lines.push({
      description: `${proposal.planName ?? proposal.planId} plan — first month`,
      quantity: 1,
      unitPrice: proposal.planMonthlyCents,
      taxable: true,
    });
  }
  return lines;
}

/**
 * The draft of the rest of the one-off items: each item, less the deposit the first invoice
 * billed (a credit line naming it), for the owner to send when the work is delivered.
 */
export function remainderLines(proposal: ProposalRow, firstInvoiceNumber: string | null) {
  const { deposit } = proposalTotals(proposal.items, proposal.depositPercent, null);
  const lines: CreateInvoice['lineItems'] = proposal.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    taxable: item.taxable !== false,
  }));
  if (deposit > 0) {
    const on = firstInvoiceNumber ? ` on invoice ${firstInvoiceNumber}` : '';
    lines.push(
      ...depositLines(
        proposal,
        deposit,
        `Less the deposit (${proposal.depositPercent}%) billed${on}`,
        -1,
      ),
    );
  }
  return lines;
}

export function createProposalBilling({
  repository,
  invoices,
  mail,
  openCheckout,
  adoptCustomer,
  online,
  paymentInstructions,
  appUrl,
  logger,
  now,
  timeZone,
}: ProposalBillingDeps): ProposalBilling {
  const today = () => calendarDateIn(now(), timeZone);

  /**
   * The invoice's client, lines and the proposal's tax rates (issue 39). A rate retired since
   * the proposal was written is not applied (an invoice takes active rates only, and the
   * agency retired it for a reason); the invoice's note says so, for the owner to see.
   */
  async function invoiceInput(
    proposal: ProposalRow,
    lineItems: CreateInvoice['lineItems'],
    notes: string,
  ) {
    const wanted = proposal.taxes.flatMap((rate) => (rate.taxRateId ? [rate.taxRateId] : []));
    const active = new Set(await repository.activeTaxRateIds(wanted));
    const retired = proposal.taxes.filter((rate) => rate.taxRateId && !active.has(rate.taxRateId));
    const retiredNote = retired
      .map(
        (rate) =>
          ` The tax rate ${rate.name} (${formatPercent(rate.percentThousandths)}) was retired since the proposal was written and is not applied.`,
      )
      .join('');
    return {
      clientName: proposal.recipientName,
      clientEmail: proposal.recipientEmail,
      lineItems,
      taxRateIds: wanted.filter((id) => active.has(id)),
      tax: 0,
      discount: 0,
      notes: `${notes}${retiredNote}`,
    };
  }

  /** Creates an invoice linked to the proposal in its transaction; false: another run did. */
  async function createLinked(
    input: CreateInvoice,
    proposal: ProposalRow,
    link: 'linkFirstInvoice' | 'linkRemainderInvoice',
  ): Promise<boolean> {
    try {
      await invoices.create(input, { userId: proposal.userId }, undefined, async (tx, id) => {
        if (!(await repository[link](tx, proposal.id, id, now()))) throw new LinkedMeanwhile();
      });
      return true;
    } catch (error) {
      if (error instanceof LinkedMeanwhile) return false;
      throw error;
    }
  }

  /** Step 1: the first invoice, a draft linked to the proposal (numbered when it is sent). */
  async function createFirstInvoice(proposal: ProposalRow) {
    const lineItems = firstInvoiceLines(proposal);
    if (proposal.depositInvoiceId || lineItems.length === 0) return;
    await createLinked(
      {
        ...(await invoiceInput(
          proposal,
          lineItems,
          proposal.planId
            ? `As agreed in "${proposal.title}". Your plan starts on the day this invoice is paid.`
            : `The deposit agreed in "${proposal.title}".`,
        )),
        planType: proposal.planId,
        dueDate: addDaysToDate(today(), FIRST_INVOICE_TERMS_DAYS),
      },
      proposal,
      'linkFirstInvoice',
    );
  }

  /** Step 3: the first invoice is sent (numbered, e-mailed with its pay link or how to pay). */
  async function issueFirstInvoice(proposal: ProposalRow): Promise<InvoiceDetail | null> {
    if (!proposal.depositInvoiceId) return null;
    let first = await invoices.detail(proposal.depositInvoiceId);
    if (first.invoice.status === 'draft') {
      try {
        await invoices.send(first.invoice.id);
      } catch (error) {
        // Another run sent it meanwhile (409): it is sent, once.
        const now = await invoices.detail(first.invoice.id);
        if (now.invoice.status === 'draft') throw error;
      }
      first = await invoices.detail(first.invoice.id);
    }
    await repository.recordOnce(
      proposal.id,
      'invoiced',
      `Invoice ${first.invoice.invoiceNumber ?? ''} issued`,
      now(),
    );
    return first;
  }

  /** Step 4: the rest of the one-off items, a draft the owner sends on delivery. */
  async function createRemainder(proposal: ProposalRow, firstNumber: string | null) {
    const { remainder } = proposalTotals(
      proposal.items,
      proposal.depositPercent,
      proposal.planMonthlyCents,
    );
    if (proposal.remainderInvoiceId || remainder <= 0) return;
    await createLinked(
      {
        ...(await invoiceInput(
          proposal,
          remainderLines(proposal, firstNumber),
          `The rest of "${proposal.title}", on delivery of the work.`,
        )),
        planType: null,
        // A draft: the owner sets its due date when the work is delivered and it is sent.
        dueDate: addDaysToDate(today(), 30),
      },
      proposal,
      'linkRemainderInvoice',
    );
  }

  /**
   * The signed proposal joins the client's account: its plan requested at its price (no
   * second plan when one runs), its invoices theirs, started at once when paid already.
   */
  async function attach(proposal: ProposalRow, userId: string) {
    if (await repository.hasEvent(proposal.id, 'attached')) return;
    // A request of theirs still pending is replaced by the proposal's: its unpaid first
    // invoice goes first (its Checkout page closed), as a new request of theirs would.
    const current = await repository.subscriptionOf(userId);
    if (current && current.status === 'pending' && proposal.planId) {
      // A page left open could be paid for an invoice that is gone: closed first, and with
      // Stripe out of reach nothing changes now (the next sign-in attaches again).
      const pages = await invoices.closePaymentPagesOf(current.id, null);
      if (pages === 'unreachable') throw new AppError(503, PAYMENT_PAGE_UNREACHABLE);
      await invoices.removeUnpaidFirstInvoices(current.id);
    }
    const fresh = (await repository.find(proposal.id)) ?? proposal;
    const outcome = await repository.attach(
      fresh.id,
      userId,
      now(),
      ({ planRequested, runningPlan, paid }) => {
        if (!fresh.planId) return 'Attached to the client account';
        if (planRequested) {
          const plan = fresh.planName ?? fresh.planId;
          return paid
            ? `Attached to the client account: the ${plan} plan started, its first invoice being paid`
            : `Attached to the client account: the ${plan} plan waits for the first invoice`;
        }
        return `Attached to the client account, which already has the ${runningPlan ?? 'a'} plan running: no second plan was started (change it from the client's page)`;
      },
    );
    if (outcome === 'attached') await handOverCustomer(fresh.id, userId);
  }

  /**
   * The Stripe customer the recipient paid (or opened Checkout) with before having an account
   * becomes the client's, its card the one their renewals are charged to. Never fails the
   * sign-in or the signing that attached the proposal: a card Stripe did not answer for is
   * saved by its webhook when it comes after, and the client can save one from the portal.
   */
  async function handOverCustomer(proposalId: string, userId: string) {
    const attached = await repository.find(proposalId);
    if (!attached?.stripeCustomerId) return;
    try {
      await adoptCustomer(userId, attached.stripeCustomerId);
    } catch (error) {
      logger.error(
        { err: error, proposalId, userId },
        "the proposal's Stripe customer was not handed to the client",
      );
    }
  }

  /** Step 5: the recipient is invited to the portal under the proposal's e-mail, once. */
  async function invite(proposal: ProposalRow, firstNumber: string | null) {
    const first = await repository.recordOnce(
      proposal.id,
      'invited',
      `Invited to the client portal as ${proposal.recipientEmail}`,
      now(),
      { email: proposal.recipientEmail },
    );
    if (!first) return;
    const params = new URLSearchParams({
      screen: 'signup',
      login_hint: proposal.recipientEmail,
      returnTo: '/portal/dashboard',
    });
    const sent = await mail.portalInvitation({
      email: proposal.recipientEmail,
      name: proposal.recipientName,
      title: proposal.title,
      plan:
        proposal.planId && proposal.planMonthlyCents !== null
          ? { name: proposal.planName ?? proposal.planId, monthlyCents: proposal.planMonthlyCents }
          : null,
      invoiceNumber: firstNumber,
      signupUrl: `${appUrl}/api/login?${params.toString()}`,
    });
    if (!sent.delivered) {
      logger.warn({ proposalId: proposal.id }, 'the portal invitation was not handed over yet');
    }
  }

  async function settleSigned(proposalId: string): Promise<void> {
    const signed = await repository.find(proposalId);
    if (!signed || !signed.signedAt || !['signed', 'paid'].includes(signed.status)) return;
    await createFirstInvoice(signed);
    let proposal = (await repository.find(proposalId)) ?? signed;
    // An existing client (the proposal's, or the verified account of its e-mail) at once.
    const owner =
      proposal.userId ?? (await repository.verifiedClientByEmail(proposal.recipientEmail));
    if (owner) await attach(proposal, owner);
    const first = await issueFirstInvoice(proposal);
    const firstNumber = first?.invoice.invoiceNumber ?? null;
    await createRemainder(proposal, firstNumber);
    proposal = (await repository.find(proposalId)) ?? proposal;
    if (!owner) await invite(proposal, firstNumber);
    if (!proposal.depositInvoiceId) await repository.settleWithNothingToPay(proposalId, now());
  }

  async function firstInvoiceOf(proposalId: string) {
    const proposal = await repository.find(proposalId);
    if (!proposal?.depositInvoiceId) return null;
    return (await invoices.detail(proposal.depositInvoiceId)).invoice;
  }

  return {
    settleSigned,

    async payment(proposalId) {
      const invoice = await firstInvoiceOf(proposalId);
      if (!invoice || invoice.status === 'draft' || invoice.status === 'void') return null;
      return {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        amountCents: balanceDue(invoice),
        paid: invoice.status === 'paid',
        online,
        instructions: await paymentInstructions(),
      };
    },

    async depositCheckout(proposalId, returnUrl = `${appUrl}/portal/dashboard`) {
      const proposal = await repository.find(proposalId);
      if (!proposal?.depositInvoiceId) throw new AppError(409, NOTHING_TO_PAY);
      // Checkout refuses a paid invoice (409) and answers 503 while card payment is off.
      const paid = `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}paid=1`;
      // Without an account yet, the recipient's own customer (one per person: another
      // proposal's to the same address is reused) keeps the card until the account attaches.
      let customerId = proposal.stripeCustomerId;
      if (!customerId && !proposal.userId) {
        const sibling = await repository.prospectCustomerFor(proposal.recipientEmail);
        if (sibling) customerId = await repository.keepStripeCustomer(proposal.id, sibling);
      }
      return openCheckout(
        proposal.depositInvoiceId,
        { success: paid, cancel: returnUrl },
        {
          proposalId: proposal.id,
          email: proposal.recipientEmail,
          name: proposal.recipientName,
          customerId,
          keep: (created) => repository.keepStripeCustomer(proposal.id, created),
        },
      );
    },

    async attachForVerifiedEmail(userId, email) {
      for (const id of await repository.signedUnattachedFor(email)) {
        const proposal = await repository.find(id);
        if (proposal) await attach(proposal, userId);
      }
    },
  };
}

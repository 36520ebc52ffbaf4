import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { formatCents } from '@shared/money';
import { pageOffset } from '@shared/schemas/common';
import {
  balanceDue,
  isPayable,
  MIN_CARD_PAYMENT_CENTS,
  type Billing,
  type PayLinkInvoice,
  type PaymentListItem,
  type PaymentListPage,
  type PaymentListQuery,
  type RecordPayment,
} from '@shared/schemas/payments';
import { invoiceName, type InvoiceDetail } from '@shared/schemas/invoices';
import type { BusinessSettings } from '@shared/schemas/settings';
import type { InvoiceRow, PaymentRow, User } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName, isoDate } from '../../lib/format';
import { existingId } from '../../lib/ids';
import type { HowToPay, Notifications, PayLink } from '../mail/notifications';
import {
  toPayment,
  type InvoiceService,
  type PaymentPageState,
} from '../invoices/invoices.service';
import type { PaymentRepository, RecordOutcome, StripeEventKey } from './payments.repository';
import { cardOf, type Stripe, type StripeGateway } from './stripe-gateway';

export const PAYMENTS_OFF = 'Online payment is not set up. Please pay as the invoice describes.';
export const PAY_LINK_NOT_FOUND = 'This pay link is not valid';
export const PAY_LINK_EXPIRED =
  'This pay link has expired. Sign in to your client portal to pay, or ask us for a new link.';
const DAY_MS = 24 * 60 * 60 * 1000;
const INVOICE_NOT_FOUND = 'Invoice not found';
const PAYMENT_NOT_FOUND = 'Payment not found';

/** Our invoice ids are UUIDs: anything else in Stripe's metadata names none of ours. */
const isInvoiceId = (id: string | undefined): id is string =>
  Boolean(id && /^[0-9a-f-]{36}$/i.test(id));

export interface PaymentServiceDeps {
  repository: PaymentRepository;
  invoices: Pick<InvoiceService, 'detail' | 'pdf'>;
  /** Stripe's test keys: dashboard links go to test mode. */
  stripeTestMode?: boolean;
  notifications: Pick<
    Notifications,
    'paymentReceipt' | 'chargeDeclined' | 'paymentFailed' | 'paymentReminder' | 'forgetPayLink'
  >;
  /** Null: Stripe is not configured, online payment is off. */
  gateway: StripeGateway | null;
  appUrl: string;
  /** Days after the due date that a declined renewal charge is tried again. */
  retryDays: number[];
  /** How long a pay link works after it was last handed out (PAY_LINK_DAYS). */
  payLinkDays: number;
  /** The settings' payment instructions and reminder days (the settings feature). */
  settings: () => Promise<
    Pick<BusinessSettings, 'paymentInstructions' | 'remindersEnabled' | 'reminderDays'>
  >;
  audit: AuditTrail;
  logger: Logger;
  now?: () => Date;
}

function addDaysIso(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return isoDate(at);
}

/**
 * Getting paid: the pay links, Checkout for an invoice, the saved card and its renewals,
 * the payments the admin records, the Stripe events that record the rest, and reminders.
 * Stripe's webhooks are the only source of money records for card payments: starting a
 * Checkout or a charge records nothing until Stripe says the money moved.
 */
export function createPaymentService({
  repository,
  invoices,
  notifications,
  gateway,
  appUrl,
  retryDays,
  payLinkDays,
  settings,
  audit,
  logger,
  stripeTestMode = true,
  now = () => new Date(),
}: PaymentServiceDeps) {
  const checkedId = (id: string) => existingId(id, INVOICE_NOT_FOUND);
  const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

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
    if (!gateway) return null;
    const expiresAt = new Date(now().getTime() + payLinkDays * DAY_MS);
    // A revoke between reading the version and storing the link moves the version on: the
    // link is made again from the new one, never the revoked one stored.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const version = await repository.payLinkVersion(invoiceId);
      if (version === null) return null;
      const token = await tokenOf(invoiceId, version);
      if (await repository.storePayLink(invoiceId, version, hash(token), expiresAt)) {
        return { invoiceId, url: `${appUrl}/pay/${token}`, expiresAt };
      }
    }
    throw new Error(`The pay link of invoice ${invoiceId} kept being revoked while made`);
  }

  async function howToPay(invoice: InvoiceRow): Promise<HowToPay> {
    const { paymentInstructions } = await settings();
    return { payLink: await payLink(invoice.id), instructions: paymentInstructions };
  }

  function requireGateway(): StripeGateway {
    if (!gateway) throw new AppError(503, PAYMENTS_OFF);
    return gateway;
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

  /** The client's Stripe customer, made the first time they pay online. */
  async function customerOf(client: User, stripe: StripeGateway): Promise<string> {
    if (client.stripeCustomerId) return client.stripeCustomerId;
    const created = await stripe.createCustomer({
      userId: client.id,
      email: client.email ?? '',
      name: fullName(client) || client.businessName || client.email || 'Client',
    });
    return repository.setStripeCustomer(client.id, created);
  }

  async function checkout(
    invoice: InvoiceRow,
    client: User | null,
    returnTo: { success: string; cancel: string },
    /** Keep the card for the client's renewals: only when the client pays from their portal. */
    saveCard: boolean,
    /** Opened through a pay link: the hash of its token, which must still be the current one. */
    payTokenHash?: string,
  ): Promise<string> {
    const stripe = requireGateway();
    requirePayable(invoice);
    const customerId = client ? await customerOf(client, stripe) : null;
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
      await closeQuietly(invoice.id, session.id);
      throw new AppError(404, payTokenHash ? PAY_LINK_NOT_FOUND : INVOICE_NOT_FOUND);
    }
    if (opened.earlier && opened.earlier !== session.id) {
      await closeQuietly(invoice.id, opened.earlier);
    }
    return session.url;
  }

  /** Closes a Checkout page, logging (not throwing) when Stripe does not answer. */
  async function closeQuietly(invoiceId: string, sessionId: string): Promise<void> {
    if (!gateway) return;
    try {
      await gateway.closeCheckoutSession(sessionId);
    } catch (error) {
      // Stripe's own 30-minute expiry still closes it.
      logger.error({ err: error, invoiceId, sessionId }, 'checkout page not closed');
    }
  }

  /**
   * Closes the invoice's open Checkout page (putting `next` in its place): after a payment
   * changed what is owed, a page still open would charge the old balance again.
   */
  async function closeCheckout(
    invoiceId: string,
    next: string | null = null,
    /** The page this very payment came through: nothing to close there. */
    paidThrough: string | null = null,
  ): Promise<void> {
    const earlier = await repository.swapOpenCheckout(invoiceId, next);
    if (!earlier || earlier === next || earlier === paidThrough) return;
    await closeQuietly(invoiceId, earlier);
  }

  async function findByToken(token: string): Promise<InvoiceRow> {
    const invoice = /^[\w-]{20,100}$/.test(token)
      ? await repository.findInvoiceByPayTokenHash(hash(token))
      : null;
    if (!invoice) throw new AppError(404, PAY_LINK_NOT_FOUND);
    if (!invoice.payLinkExpiresAt || invoice.payLinkExpiresAt <= now()) {
      throw new AppError(410, PAY_LINK_EXPIRED);
    }
    return invoice;
  }

  /** After a payment covered an invoice: the receipt, with the PDF now marked paid. */
  async function sendReceipt(invoice: InvoiceRow): Promise<void> {
    try {
      const { content } = await invoices.pdf(invoice.id);
      await notifications.paymentReceipt(invoice, content);
    } catch (error) {
      logger.error({ err: error, invoiceId: invoice.id }, 'receipt not sent');
    }
  }

  async function afterRecorded(outcome: RecordOutcome): Promise<void> {
    if (outcome.kind === 'recorded') {
      await closeCheckout(outcome.invoice.id, null, outcome.payment.stripeCheckoutSessionId);
    }
    if (outcome.kind === 'recorded' && outcome.becamePaid) {
      // Its pay link has done its work: the copies the outbox keeps are blanked.
      await notifications.forgetPayLink(outcome.invoice.id);
      await sendReceipt(outcome.invoice);
    }
    if (outcome.kind === 'orphan') {
      logger.warn(
        { paymentId: outcome.payment.id, flag: outcome.payment.flag },
        'Stripe payment without an invoice: kept as an orphan for the admin',
      );
    }
    if (outcome.kind === 'recorded' && outcome.payment.flag) {
      logger.warn(
        { invoiceId: outcome.invoice.id, flag: outcome.payment.flag },
        'payment flagged for the admin',
      );
    }
  }

  /** Why a card payment must wait for the admin instead of counting, or null when it counts. */
  const cardFlag =
    (amount: number, currency: string) =>
    (invoice: InvoiceRow): string | null => {
      const paid = `A card payment of ${formatCents(amount)} ${currency.toUpperCase()}`;
      if (invoice.status === 'paid') {
        return `${paid} arrived for an invoice already paid: refund it in Stripe, or keep it as credit.`;
      }
      if (!isPayable(invoice)) return `${paid} arrived for an invoice that was not sent.`;
      if (currency !== 'usd' || amount !== balanceDue(invoice)) {
        return `${paid} did not match the balance due of ${formatCents(balanceDue(invoice))}: it does not count until you check it.`;
      }
      return null;
    };

  /** Who paid on Stripe's page: the client of its customer, or of the e-mail typed there. */
  async function payerOf(payer: { customerId: string | null; email: string | null }) {
    const client =
      (payer.customerId ? await repository.findClientByCustomer(payer.customerId) : null) ??
      (payer.email ? await repository.findVerifiedClientByEmail(payer.email) : null);
    return { clientId: client?.id ?? null, payerEmail: payer.email?.toLowerCase() ?? null };
  }

  /** Why card money without an invoice waits for the admin. */
  function orphanFlag(amount: number, currency: string, invoiceId?: string, name?: string) {
    const paid = `A card payment of ${formatCents(amount)} ${currency.toUpperCase()}`;
    if (!isInvoiceId(invoiceId)) {
      return `${paid} arrived that names no invoice of ours: refund it in Stripe, or record it on the right invoice by hand.`;
    }
    const which = name && name !== 'Draft' ? `invoice ${name}` : 'a draft invoice';
    return `${paid} arrived for ${which}, which no longer exists: refund it in Stripe, or record it on another invoice by hand.`;
  }

  /**
   * Records Stripe's word that money moved (Checkout or a PaymentIntent). Money for an
   * invoice that is gone, or that names none of ours, is kept as an orphan: Stripe took it,
   * so it is on record, flagged, with who paid, until the admin refunds or places it.
   */
  async function recordCardPayment(
    event: StripeEventKey | undefined,
    payment: {
      invoiceId: string | undefined;
      invoiceNumber: string | undefined;
      amount: number;
      currency: string;
      paymentIntentId: string;
      chargeId: string | null;
      checkoutSessionId: string | null;
      payer: { customerId: string | null; email: string | null };
    },
  ) {
    const outcome = await repository.record(
      {
        invoiceId: isInvoiceId(payment.invoiceId) ? payment.invoiceId : null,
        ...(await payerOf(payment.payer)),
        amount: payment.amount,
        currency: payment.currency,
        method: 'card',
        paidAt: now(),
        stripe: {
          paymentIntentId: payment.paymentIntentId,
          chargeId: payment.chargeId,
          checkoutSessionId: payment.checkoutSessionId,
        },
      },
      {
        event,
        requirePayable: false,
        flagFor: cardFlag(payment.amount, payment.currency),
        orphanFlag: orphanFlag(
          payment.amount,
          payment.currency,
          payment.invoiceId,
          payment.invoiceNumber,
        ),
      },
    );
    await afterRecorded(outcome);
  }

  /** A PaymentIntent's money as recordCardPayment takes it. */
  const intentPayment = (intent: Stripe.PaymentIntent) => ({
    invoiceId: intent.metadata?.invoiceId,
    invoiceNumber: intent.metadata?.invoiceNumber,
    amount: intent.amount_received,
    currency: intent.currency,
    paymentIntentId: intent.id,
    chargeId: idOf(intent.latest_charge),
    checkoutSessionId: null,
    payer: { customerId: idOf(intent.customer), email: intent.receipt_email ?? null },
  });

  /**
   * A refund or dispute about a payment not recorded. When its PaymentIntent names an
   * invoice that exists, its payment event has not arrived yet: this event fails and Stripe
   * delivers it again later. When that invoice is gone, the payment is recorded now as an
   * orphan (from the PaymentIntent) and the event applied to it, rather than failing on every
   * delivery. A PaymentIntent that names no invoice is not ours and is let go.
   */
  async function unknownPayment(
    event: StripeEventKey,
    paymentIntentId: string,
    apply: () => Promise<unknown>,
  ): Promise<void> {
    const intent = gateway ? await gateway.paymentIntent(paymentIntentId) : null;
    const invoiceId = intent?.metadata?.invoiceId;
    if (!intent || !isInvoiceId(invoiceId)) {
      await repository.once(event);
      return;
    }
    if (await repository.findInvoice(invoiceId)) {
      throw new Error(
        `${event.type} ${event.id} came before the payment of ${paymentIntentId}: to be delivered again`,
      );
    }
    await recordCardPayment(undefined, intentPayment(intent));
    await apply();
  }

  /** A payment as the payments screen lists it, with its invoice and who paid. */
  function toListItem(
    row: PaymentRow,
    found: Awaited<ReturnType<PaymentRepository['partiesOf']>>,
  ): PaymentListItem {
    const invoice = row.invoiceId ? found.invoices.get(row.invoiceId) : undefined;
    const client = row.clientId ? found.clients.get(row.clientId) : undefined;
    return {
      ...toPayment(row, stripeTestMode),
      invoiceNumber: invoice ? invoiceName(invoice) : null,
      clientId: client?.id ?? null,
      clientName:
        (client && (fullName(client) || client.businessName || client.email)) ||
        invoice?.clientName ||
        null,
      payerEmail: row.payerEmail,
    };
  }

  const idOf = (value: string | { id: string } | null | undefined) =>
    typeof value === 'string' ? value : (value?.id ?? null);

  async function saveCardOf(method: Stripe.PaymentMethod, event: StripeEventKey) {
    const customerId = idOf(method.customer);
    const card = cardOf(method);
    const client = customerId ? await repository.findClientByCustomer(customerId) : null;
    if (!client || !card) return repository.once(event);
    return repository.saveCard(client.id, card, event);
  }

  async function billing(userId: string): Promise<Billing> {
    const client = await repository.findClient(userId);
    const { paymentInstructions } = await settings();
    const card =
      client?.cardPaymentMethodId && client.cardBrand && client.cardLast4
        ? {
            brand: client.cardBrand,
            last4: client.cardLast4,
            expMonth: client.cardExpMonth ?? 0,
            expYear: client.cardExpYear ?? 0,
          }
        : null;
    return {
      onlinePayments: gateway !== null,
      paymentInstructions,
      card,
      autoPay: Boolean(client?.autoPay),
    };
  }

  /** A payment the admin received outside Stripe (bank transfer, check, cash). */
  async function recordManual(
    invoiceId: string,
    input: RecordPayment,
    actor: AuditActor,
  ): Promise<InvoiceDetail> {
    const outcome = await repository.record(
      {
        invoiceId: checkedId(invoiceId),
        amount: input.amount,
        currency: 'usd',
        method: input.method,
        paidAt: new Date(`${input.paidOn}T12:00:00Z`),
        reference: input.reference,
      },
      { requirePayable: true, flagFor: () => null },
    );
    if (outcome.kind === 'no-invoice') throw new AppError(404, INVOICE_NOT_FOUND);
    if (outcome.kind === 'not-payable') {
      throw new AppError(409, `An invoice that is ${outcome.invoice.status} cannot take a payment`);
    }
    if (outcome.kind === 'more-than-due') {
      throw new AppError(
        409,
        `The payment is more than the balance due of ${formatCents(balanceDue(outcome.invoice))}`,
      );
    }
    if (outcome.kind !== 'recorded') throw new Error('A manual payment cannot be a duplicate');
    await audit.record(actor, {
      kind: outcome.becamePaid ? 'invoice.paid' : 'invoice.payment_recorded',
      targetType: 'invoice',
      targetId: outcome.invoice.id,
      before: null,
      after: {
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        amountPaid: outcome.invoice.amountPaid,
      },
    });
    await afterRecorded(outcome);
    return invoices.detail(outcome.invoice.id);
  }

  return {
    onlinePayments: gateway !== null,
    payLink,

    billing,

    async setAutoPay(userId: string, autoPay: boolean): Promise<Billing> {
      await repository.setAutoPay(userId, autoPay);
      return billing(userId);
    },

    /** Checkout for the signed-in client's own invoice; back to the portal afterwards. */
    async payAsClient(userId: string, invoiceId: string): Promise<string> {
      const invoice = await repository.findClientInvoice(userId, checkedId(invoiceId));
      if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
      const client = await repository.findClient(userId);
      const back = `${appUrl}/portal/dashboard?invoice=${invoice.id}&payment=`;
      return checkout(
        invoice,
        client,
        { success: `${back}success`, cancel: `${back}cancelled` },
        true,
      );
    },

    /** The invoice as its pay link shows it to whoever holds the link. */
    async payLinkInvoice(token: string, businessName: string): Promise<PayLinkInvoice> {
      const invoice = await findByToken(token);
      const { paymentInstructions } = await settings();
      return {
        invoiceNumber: invoiceName(invoice),
        businessName,
        clientName: invoice.clientName,
        dateIssued: invoice.dateIssued,
        dueDate: invoice.dueDate,
        // The lookup answers sent, overdue and paid invoices only.
        status: invoice.status === 'draft' ? 'sent' : invoice.status,
        total: invoice.total,
        amountPaid: invoice.amountPaid,
        onlinePayments: gateway !== null,
        paymentInstructions,
      };
    },

    async payByLink(token: string): Promise<string> {
      const invoice = await findByToken(token);
      const back = `${appUrl}/pay/${token}?payment=`;
      // Whoever holds the link may not be the client (a bookkeeper, or anyone the e-mail was
      // forwarded to): the page opens without the client's Stripe customer, so none of their
      // saved cards or billing address is offered, and the card typed is not kept.
      return checkout(
        invoice,
        null,
        { success: `${back}success`, cancel: `${back}cancelled` },
        false,
        hash(token),
      );
    },

    /** Stripe's customer portal, where the client changes the saved card. */
    async billingPortal(userId: string): Promise<string> {
      const stripe = requireGateway();
      const client = await repository.findClient(userId);
      if (!client?.stripeCustomerId) {
        throw new AppError(409, 'No card is saved yet: pay an invoice by card first.');
      }
      return stripe.createBillingPortalSession(
        client.stripeCustomerId,
        `${appUrl}/portal/dashboard`,
      );
    },

    recordManual,

    /** The payments screen: one page, newest first, searchable and filtered. */
    async list({ q, status, page, pageSize }: PaymentListQuery): Promise<PaymentListPage> {
      const found = await repository.listPayments({
        q,
        status,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return {
        items: found.rows.map((row) => toListItem(row, found)),
        total: found.total,
        page,
        pageSize,
      };
    },

    /**
     * The admin dealt with a flagged payment (refunded the orphan in Stripe, recorded it on
     * the right invoice by hand...): the flag stays as its history; the payment still counts
     * toward nothing it did not count toward before.
     */
    /**
     * The invoice's pay link stops working at once (a link sent to the wrong person, or
     * forwarded too far): the payment page a holder may have open is closed, the outbox's
     * copies are blanked, and the next e-mail about the invoice carries a new link.
     */
    async revokePayLink(invoiceId: string, actor: AuditActor): Promise<InvoiceDetail> {
      const before = await repository.findInvoice(checkedId(invoiceId));
      if (!before) throw new AppError(404, INVOICE_NOT_FOUND);
      if (!before.payTokenHash) throw new AppError(409, 'This invoice has no pay link out');
      await repository.revokePayLink(before.id);
      await closeCheckout(before.id);
      await notifications.forgetPayLink(before.id);
      await audit.record(actor, {
        kind: 'invoice.pay_link_revoked',
        targetType: 'invoice',
        targetId: before.id,
        before: { payLinkExpiresAt: before.payLinkExpiresAt?.toISOString() ?? null },
        after: { payLinkExpiresAt: null },
      });
      return invoices.detail(before.id);
    },

    async resolvePayment(id: string, actor: AuditActor): Promise<PaymentListItem> {
      const before = await repository.findPayment(existingId(id, PAYMENT_NOT_FOUND));
      if (!before) throw new AppError(404, PAYMENT_NOT_FOUND);
      const resolved = await repository.resolvePaymentFlag(before.id, now());
      if (!resolved) throw new AppError(409, 'This payment has nothing to check');
      await audit.record(actor, {
        kind: 'payment.flag_resolved',
        targetType: 'payment',
        targetId: resolved.id,
        before: { flag: before.flag, flagResolvedAt: null },
        after: { flagResolvedAt: resolved.flagResolvedAt?.toISOString() ?? null },
      });
      return toListItem(resolved, await repository.partiesOf([resolved]));
    },

    /**
     * Before an unpaid invoice is deleted: closes its open Checkout page, so no money can
     * arrive for an invoice that is gone. 'paid' when the page was paid (or a charge of the
     * saved card taken) and its webhook is still to come: the invoice must stay.
     */
    async closePaymentPage(
      invoice: Pick<InvoiceRow, 'id' | 'openCheckoutSessionId' | 'lastChargeIntentId'>,
    ): Promise<PaymentPageState> {
      if (!gateway) return 'closed';
      const sessionId = invoice.openCheckoutSessionId;
      try {
        if (invoice.lastChargeIntentId) {
          const charged = await gateway.intentStatus(invoice.lastChargeIntentId);
          if (charged === 'succeeded' || charged === 'processing') return 'paid';
        }
        if (!sessionId) return 'closed';
        const page = await gateway.closeCheckoutSession(sessionId);
        if (page.state === 'complete') return 'paid';
      } catch (error) {
        logger.error({ err: error, invoiceId: invoice.id }, 'payment page not closed');
        return 'unreachable';
      }
      await repository.clearOpenCheckout(invoice.id, sessionId);
      return 'closed';
    },

    /**
     * The admin dealt with what a warning pointed at (refunded the stray payment in Stripe,
     * answered the dispute...): that warning (`flagId`), or every one, goes, each recorded in
     * the audit log; a flagged payment still does not count.
     */
    async resolveFlag(
      invoiceId: string,
      flagId: string | undefined,
      actor: AuditActor,
    ): Promise<InvoiceDetail> {
      const before = await repository.findInvoice(checkedId(invoiceId));
      if (!before) throw new AppError(404, INVOICE_NOT_FOUND);
      const removed = await repository.clearFlags(before.id, flagId, now());
      if (removed.length === 0) {
        throw new AppError(
          409,
          flagId ? 'This warning was resolved already' : 'This invoice has nothing to check',
        );
      }
      for (const flag of removed) {
        await audit.record(actor, {
          kind: 'invoice.payment_flag_resolved',
          targetType: 'invoice',
          targetId: before.id,
          before: { paymentFlags: [flag.message] },
          after: { paymentFlags: [] },
        });
      }
      return invoices.detail(before.id);
    },

    /** "Mark as paid" of the spec's API: a payment of the whole balance, method other. */
    async payInFull(invoiceId: string, actor: AuditActor): Promise<InvoiceDetail> {
      const invoice = await repository.findInvoice(checkedId(invoiceId));
      if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
      if (!isPayable(invoice)) {
        throw new AppError(409, `An invoice that is ${invoice.status} cannot be marked paid`);
      }
      return recordManual(
        invoiceId,
        { amount: balanceDue(invoice), method: 'other', paidOn: isoDate(now()), reference: '' },
        actor,
      );
    },

    /** POST /api/webhooks/stripe: the body as received and its signature. */
    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!gateway) throw new AppError(503, PAYMENTS_OFF);
      return gateway.verifyEvent(rawBody, signature);
    },

    /**
     * One verified Stripe event. Each effect is written in one transaction with the event's
     * id, so a replay or a concurrent second delivery does nothing. Unknown kinds: ignored.
     */
    async handleEvent(event: Stripe.Event): Promise<'handled' | 'ignored'> {
      const key = { id: event.id, type: event.type };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.mode !== 'payment' || session.payment_status !== 'paid') {
            await repository.once(key);
            return 'handled';
          }
          await recordCardPayment(key, {
            invoiceId: session.metadata?.invoiceId,
            invoiceNumber: session.metadata?.invoiceNumber,
            amount: session.amount_total ?? 0,
            currency: session.currency ?? '',
            paymentIntentId: idOf(session.payment_intent) ?? session.id,
            chargeId: null,
            checkoutSessionId: session.id,
            payer: {
              customerId: idOf(session.customer),
              email: session.customer_details?.email ?? session.customer_email ?? null,
            },
          });
          return 'handled';
        }
        case 'payment_intent.succeeded': {
          await recordCardPayment(key, intentPayment(event.data.object));
          return 'handled';
        }
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const invoiceId = session.metadata?.invoiceId;
          const first = await repository.once(key);
          const invoice =
            invoiceId && !first.duplicate ? await repository.findInvoice(invoiceId) : null;
          if (invoice && isPayable(invoice)) {
            await notifications.paymentFailed(invoice, await howToPay(invoice));
          }
          return 'handled';
        }
        case 'payment_intent.payment_failed': {
          // The client saw it on Checkout's page, or the renewal run e-mailed them: nothing
          // to record beyond the event.
          const intent = event.data.object;
          await repository.once(key);
          logger.info(
            { invoiceId: intent.metadata?.invoiceId, reason: intent.last_payment_error?.message },
            'card payment failed',
          );
          return 'handled';
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const intentId = idOf(charge.payment_intent);
          if (!intentId) {
            await repository.once(key);
            return 'handled';
          }
          const refund = () =>
            repository.refund(
              intentId,
              charge.amount_refunded,
              now(),
              key,
              (amount, payment) =>
                `Stripe refunded ${formatCents(amount)} of a card payment of ${formatCents(payment.amount)}: the rest still counts toward the invoice.`,
            );
          if ((await refund()) === 'unknown') await unknownPayment(key, intentId, refund);
          return 'handled';
        }
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          const intentId = idOf(dispute.payment_intent);
          if (!intentId) {
            await repository.once(key);
            return 'handled';
          }
          const flag = () =>
            repository.flagPaymentInvoice(
              intentId,
              (payment: PaymentRow) =>
                `The client disputed a card payment of ${formatCents(payment.amount)} (${dispute.reason.replace(/_/g, ' ')}): answer it in the Stripe dashboard.`,
              now(),
              key,
            );
          if ((await flag()) === 'unknown') await unknownPayment(key, intentId, flag);
          return 'handled';
        }
        case 'payment_method.attached': {
          await saveCardOf(event.data.object, key);
          return 'handled';
        }
        case 'customer.updated': {
          const customer = event.data.object;
          const methodId = idOf(customer.invoice_settings?.default_payment_method);
          const client = await repository.findClientByCustomer(customer.id);
          if (!gateway || !methodId || !client || client.cardPaymentMethodId === methodId) {
            await repository.once(key);
            return 'handled';
          }
          const card = await gateway.card(methodId);
          if (card) await repository.saveCard(client.id, card, key);
          else await repository.once(key);
          return 'handled';
        }
        case 'payment_method.detached': {
          await repository.clearCard(event.data.object.id, key);
          return 'handled';
        }
        default:
          return 'ignored';
      }
    },

    /**
     * The daily run's charges: each auto-pay renewal whose day has come is charged to the
     * saved card, once per attempt (claimed in the database, idempotency key per attempt).
     * A decline tells the client, with the pay link and the next try; after the last try the
     * past-due rule of the billing run applies. Success is recorded by the webhook.
     */
    async chargeDueRenewals(): Promise<{ charged: number; declined: number; failed: number }> {
      const result = { charged: 0, declined: 0, failed: 0 };
      if (!gateway) return result;
      const today = isoDate(now());
      const maxAttempts = retryDays.length + 1;
      for (const { invoice, client } of await repository.dueForCharge(today, maxAttempts)) {
        const attempt = invoice.chargeAttempts + 1;
        const retryDay = retryDays[attempt - 1];
        const nextTry = retryDay === undefined ? null : addDaysIso(invoice.dueDate, retryDay);
        const claimed = await repository.claimChargeAttempt(invoice.id, attempt, nextTry);
        if (!claimed) continue;
        let charge;
        try {
          // Paid another way since the run read it (the client on a payment page, the
          // owner recording a transfer): nothing to charge.
          if (!isPayable(claimed) || balanceDue(claimed) <= 0) {
            await repository.releaseChargeAttempt(invoice.id, attempt, invoice.nextChargeOn);
            continue;
          }
          // A charge Stripe took whose webhook has not come yet is not charged again.
          if (claimed.lastChargeIntentId) {
            const earlier = await gateway.intentStatus(claimed.lastChargeIntentId);
            if (earlier === 'succeeded' || earlier === 'processing') {
              await repository.chargeTaken(invoice.id, claimed.lastChargeIntentId);
              continue;
            }
          }
          // A renewal the client paid through Checkout (perhaps while we were down, its
          // webhook not yet here) is not charged again: its page is closed first, and a page
          // already paid is remembered like a charge taken. The webhook records the money
          // (ADR 018); a later run asks Stripe about that PaymentIntent, never charges.
          const pageId = claimed.openCheckoutSessionId;
          const page = pageId ? await gateway.closeCheckoutSession(pageId) : null;
          if (page?.state === 'complete') {
            if (page.paymentIntentId)
              await repository.chargeTaken(invoice.id, page.paymentIntentId);
            else await repository.releaseChargeAttempt(invoice.id, attempt, invoice.nextChargeOn);
            logger.warn({ invoiceId: invoice.id }, 'renewal already paid through Checkout');
            continue;
          }
          if (pageId) await repository.clearOpenCheckout(invoice.id, pageId);
          charge = await gateway.chargeOffSession({
            customerId: client.stripeCustomerId!,
            paymentMethodId: client.cardPaymentMethodId!,
            amount: balanceDue(claimed),
            invoice: claimed,
            attempt,
          });
        } catch (error) {
          // Stripe unreachable, or an answer lost: the attempt is given back, and the next
          // run sends the same attempt with the same idempotency key, which Stripe answers
          // once. The other invoices of this run still get theirs.
          await repository.releaseChargeAttempt(invoice.id, attempt, invoice.nextChargeOn);
          result.failed += 1;
          logger.error({ err: error, invoiceId: invoice.id, attempt }, 'renewal charge failed');
          continue;
        }
        if (charge.paymentIntentId && charge.status !== 'declined') {
          await repository.chargeTaken(invoice.id, charge.paymentIntentId);
        }
        if (charge.status !== 'declined') {
          result.charged += 1;
          continue;
        }
        result.declined += 1;
        logger.warn({ invoiceId: invoice.id, attempt, reason: charge.reason }, 'renewal declined');
        await notifications.chargeDeclined(
          claimed,
          { reason: charge.reason, nextTry, amount: balanceDue(claimed) },
          await howToPay(claimed),
        );
      }
      return result;
    },

    /**
     * Reminders of overdue invoices on the settings' days after the due date: one e-mail a
     * run at most per invoice (a missed day is caught up by one reminder, not several).
     */
    async sendReminders(): Promise<number> {
      const { remindersEnabled, reminderDays } = await settings();
      if (!remindersEnabled || reminderDays.length === 0) return 0;
      const today = isoDate(now());
      let sent = 0;
      for (const invoice of await repository.overdueForReminders(reminderDays.length, today)) {
        const due = reminderDays.filter((days) => addDaysIso(invoice.dueDate, days) <= today);
        if (due.length <= invoice.remindersSent) continue;
        if (!(await repository.claimReminder(invoice.id, invoice.remindersSent, due.length))) {
          continue;
        }
        await notifications.paymentReminder(
          { ...invoice, balanceDue: balanceDue(invoice) },
          await howToPay(invoice),
        );
        sent += 1;
      }
      return sent;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;

import { DEFAULT_TIME_ZONE } from '@shared/dates';
import type { Logger } from 'pino';
import type { AuditTrail } from '../../lib/audit-trail';
import type { InvoiceService } from '../invoices/invoices.service';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentNotifications } from './payments.emails';
import { createCardPayments } from './card-payments';
import { createCheckout } from './checkout';
import { createInvoiceWarnings } from './invoice-warnings';
import { createManualPayments } from './manual-payments';
import type { PaymentPages } from './payment-pages';
import { createPaymentList } from './payment-list';
import { createPaymentRecorded } from './payment-recorded';
import { createPaymentSettings } from './payment-settings';
import type { PaymentRepository } from './payments.repository';
import { createPayouts } from './payouts';
import type { PayoutRepository } from './payouts.repository';
import type { SavedCardRepository } from './saved-cards.repository';
import { createStripeEvents } from './stripe-events';
import type { StripeGateway } from './stripe-gateway';
import { createRefundUpdates } from './refund-updates';
import { createVoidPayment } from './void-payment';

export type { ProspectPayer } from './checkout';

export interface PaymentServiceDeps {
  repository: PaymentRepository;
  savedCards: SavedCardRepository;
  /** Stripe's payouts and their lines (payouts.ts). */
  payouts: PayoutRepository;
  invoices: Pick<InvoiceService, 'detail' | 'pdf' | 'appliedTaxes'>;
  /** The invoices' pay links (built before both, in services.ts). */
  payLinks: PayLinks;
  /** The Checkout page each invoice may have open (built before the invoices, which close it). */
  pages: PaymentPages;
  notifications: Pick<
    PaymentNotifications,
    'paymentReceipt' | 'paymentFailed' | 'forgetPayLink' | 'paymentVoided' | 'refundFailed'
  >;
  /** Null: Stripe is not configured, online payment is off. */
  gateway: StripeGateway | null;
  appUrl: string;
  /** Stripe's test keys: dashboard links go to test mode. */
  stripeTestMode?: boolean;
  /** The settings' payment instructions (the settings feature). */
  paymentInstructions: () => Promise<string>;
  /** The late-fee terms the pay page prints while late fees are on; none by default. */
  lateFeeTerms?: () => Promise<string | null>;
  audit: AuditTrail;
  logger: Logger;
  now?: () => Date;
  /** The business's time zone: "Mark as paid" dates the payment today there. */
  timeZone?: string;
}

/**
 * Getting paid, one file per use case: Checkout for an invoice (checkout.ts), the client's
 * card and auto-pay (payment-settings.ts), Stripe's events (stripe-events.ts, which record
 * card money through card-payments.ts), the payments the admin records (manual-payments.ts),
 * the payments screen (payment-list.ts), an invoice's warnings and pay link
 * (invoice-warnings.ts), Stripe's payouts to the bank (payouts.ts). Stripe's webhooks are the only source of money records for card
 * payments: starting a Checkout or a charge records nothing until Stripe says the money moved.
 * Charging renewals and reminding are steps of the daily billing run (features/billing).
 */
export function createPaymentService({
  repository,
  savedCards,
  payouts: payoutRepository,
  invoices,
  payLinks,
  pages,
  notifications,
  gateway,
  appUrl,
  stripeTestMode = true,
  paymentInstructions,
  lateFeeTerms = async () => null,
  audit,
  logger,
  now = () => new Date(),
  timeZone = DEFAULT_TIME_ZONE,
}: PaymentServiceDeps) {
  const paymentRecorded = createPaymentRecorded({ invoices, notifications, pages, logger });
  const cardPayments = createCardPayments({
    repository,
    savedCards,
    gateway,
    paymentRecorded,
    now,
  });
  const checkout = createCheckout({
    repository,
    savedCards,
    gateway,
    payLinks,
    pages,
    appUrl,
    paymentInstructions,
    lateFeeTerms,
    taxesOf: invoices.appliedTaxes,
    now,
  });
  const settings = createPaymentSettings({ savedCards, gateway, appUrl, paymentInstructions });
  const payouts = createPayouts({ repository: payoutRepository, gateway, logger });
  const events = createStripeEvents({
    repository,
    savedCards,
    gateway,
    cardPayments,
    refundUpdates: createRefundUpdates({ repository, audit, notifications, now }),
    payouts,
    payLinks,
    notifications,
    logger,
    now,
  });
  const manual = createManualPayments({
    repository,
    invoices,
    audit,
    paymentRecorded,
    now,
    timeZone,
  });
  const voidPayment = createVoidPayment({
    repository,
    notifications,
    audit,
    stripeTestMode,
    now,
    timeZone,
  });
  const list = createPaymentList({ repository, audit, stripeTestMode, now });
  const warnings = createInvoiceWarnings({
    repository,
    invoices,
    payLinks,
    pages,
    notifications,
    audit,
    now,
  });

  return {
    onlinePayments: gateway !== null,
    payLink: payLinks.payLink,
    paymentSettings: settings.get,
    setAutoPay: settings.setAutoPay,
    billingPortal: settings.customerPortal,
    payAsClient: checkout.payAsClient,
    payLinkInvoice: checkout.payLinkInvoice,
    payByLink: checkout.payByLink,
    payProposalInvoice: checkout.payProposalInvoice,
    adoptProspectCustomer: settings.adoptCustomer,
    recordManual: manual.recordManual,
    payInFull: manual.payInFull,
    voidPayment,
    list: list.list,
    resolvePayment: list.resolvePayment,
    revokePayLink: warnings.revokePayLink,
    resolveFlag: warnings.resolveFlag,
    listPayouts: payouts.list,
    payout: payouts.detail,
    verifyEvent: events.verifyEvent,
    handleEvent: events.handleEvent,
    /** Days received by hand, kept as noon UTC by earlier versions, moved (once, at start). */
    keepHandRecordedDays: () => repository.keepHandRecordedDays(),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;

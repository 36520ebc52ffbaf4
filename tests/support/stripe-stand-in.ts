// A local stand-in for Stripe's HTTP API: the real `stripe` SDK talks to it over loopback
// (new Stripe(key, standIn.sdkOptions)) and it signs and POSTs webhook events as Stripe does,
// so the app's payment code runs end to end in tests without the network.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readBody } from 'node:stream/consumers';
import qs from 'qs';
import Stripe from 'stripe';

// Tests assert on stored objects freely; their exact shapes are documented by the SDK's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

/** One webhook delivery: status is the endpoint's answer, 0 when not sent (no URL, no connection). */
export interface StripeEventSent {
  event: StripeObject;
  status: number;
  body: string;
}

export interface StripeStandIn {
  url: string;
  port: number;
  /** Options for the SDK: new Stripe(key, standIn.sdkOptions) */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  /** Where events are POSTed (the app's /api/webhooks/stripe); may be set after start. */
  setWebhookUrl(url: string): void;
  /** The next PaymentIntent confirmations through the API for this customer decline (402). */
  declineNextCharges(customerId: string, times: number, declineCode?: string): void;
  /** Pays a checkout session as the hosted page's Pay button does. Returns the events sent. */
  completeCheckout(
    sessionId: string,
    opts?: { amount?: number; currency?: string },
  ): Promise<StripeEventSent[]>;
  /**
   * Refunds what is left of the charge of a payment intent, as the dashboard's Refund button
   * does: sends charge.refunded. (The API's POST /v1/refunds does the same for the app.)
   */
  refund(paymentIntentId: string): Promise<StripeEventSent[]>;
  /**
   * While true, refunds are made `pending`, as a bank that takes days leaves them (through the
   * API or `refund`); Stripe settles or fails them later (`settleRefund`, `failRefund`).
   */
  setRefundsPending(pending: boolean): void;
  /** A pending refund goes through: status succeeded, refund.updated sent. */
  settleRefund(refundId: string): Promise<StripeEventSent[]>;
  /**
   * A refund Stripe accepted fails at the bank (a card closed since): status failed with its
   * reason, the money back on the charge (amount_refunded less it), and refund.updated then
   * refund.failed sent, as Stripe sends both.
   */
  failRefund(refundId: string, failureReason?: string): Promise<StripeEventSent[]>;
  /** Opens a dispute on the charge of a payment intent: sends charge.dispute.created. */
  dispute(paymentIntentId: string): Promise<StripeEventSent[]>;
  /** While false, every API request's connection is dropped unanswered: Stripe cannot be reached. */
  setReachable(reachable: boolean): void;
  /**
   * Pays out to the bank, as Stripe's payout schedule does: an automatic payout (the default)
   * settles every balance transaction not paid out yet (its amount their net sum unless
   * given) and lists them under `GET /v1/balance_transactions?payout=`; a manual one
   * (`automatic: false`, an amount the owner chose) settles nothing Stripe can list. Sends
   * payout.paid, or payout.failed with `failureMessage`.
   */
  payOut(opts?: {
    automatic?: boolean;
    amount?: number;
    failureMessage?: string;
  }): Promise<{ payout: StripeObject; sent: StripeEventSent[] }>;
  /** A paid payout the bank returned: status failed with its message, payout.failed sent. */
  failPayout(payoutId: string, failureMessage?: string): Promise<StripeEventSent[]>;
  /**
   * A balance transaction that is none of the app's doing (a charge made in the dashboard, a
   * Stripe fee): `fee` (0 by default) comes off `amount`; it is paid out by the next payout.
   */
  addBalanceTransaction(input: {
    type: string;
    amount: number;
    fee?: number;
    source?: string | null;
    description?: string;
  }): StripeObject;
  /** Sends an arbitrary event (data.object given) signed, returns the delivery. */
  sendEvent(type: string, object: Record<string, unknown>): Promise<StripeEventSent>;
  /** Events an SDK call causes go out after its response, as Stripe's do: await this first. */
  idle(): Promise<void>;
  /** Every event, in the order sent. */
  events: StripeEventSent[];
  /** Every request: method, path, parsed form body (the query for a GET), idempotency key. */
  requests: Array<{ method: string; path: string; body: Params; idempotencyKey?: string }>;
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  paymentMethods: Map<string, StripeObject>;
  charges: Map<string, StripeObject>;
  /** Refunds made, through the API or `refund`. */
  refunds: Map<string, StripeObject>;
  /** Every balance transaction, oldest first: a charge's, a refund's, a dispute's, a payout's. */
  balanceTransactions: Map<string, StripeObject>;
  payouts: Map<string, StripeObject>;
  close(): Promise<void>;
}

type Params = Record<string, unknown>;
type LineItem = { name: string; unitAmount: number; quantity: number; currency: string };
type Handler = (body: Params, ids: string[], emitted: StripeObject[]) => StripeObject;

const DECLINED = 'Your card was declined.';
const INCOMPLETE = 'Your card number is incomplete.';

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Params,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, extra: Params = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
// Stripe answers 404 for a missing object in the URL, 400 for one named by a parameter.
const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param && { param }),
  });

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
/** The fields every Stripe object has. */
const base = (prefix: string, object: string) => ({
  id: newId(prefix),
  object,
  created: now(),
  livemode: false,
});
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const record = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
// qs turns long arrays into objects keyed by index; both read as a list.
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : Object.values(record(value));

function required(body: Params, param: string): string {
  const value = text(body[param]);
  if (!value)
    throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

function integer(value: unknown, param: string): number {
  if (typeof value !== 'string' || !Number.isInteger(Number(value))) {
    throw invalid(`Invalid integer: ${String(value)}`, { param });
  }
  return Number(value);
}

/** Stripe's metadata update: given keys are set, an empty value deletes its key. */
function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(record(update))) {
    if (value === '') delete merged[key];
    else if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (value: unknown) => String(value).replace(/[&<>"]/g, (c) => ENTITIES[c]!);
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const link = (href: unknown, label: string) =>
  href ? `<p><a href="${escapeHtml(href)}">${label}</a></p>` : '';
const cardForm = (action: string, name: string, label: string, button: string, value = '') =>
  `<form method="post" action="${action}" aria-label="${name}">` +
  `<label for="card-number">${label}</label> ` +
  `<input id="card-number" name="card_number" value="${value}" autocomplete="cc-number"> ` +
  `<button type="submit">${button}</button></form>`;

export async function startStripeStandIn(opts: {
  webhookSecret: string;
  webhookUrl?: string;
  /** A fixed port (the browser tests' own process); a free one by default. */
  port?: number;
}): Promise<StripeStandIn> {
  let webhookUrl = opts.webhookUrl;
  let url = '';
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const balanceTransactions = new Map<string, StripeObject>();
  const payouts = new Map<string, StripeObject>();
  /** Which automatic payout settled each balance transaction (Stripe keeps it, shows it by filter). */
  const paidOutBy = new Map<string, string>();
  const others = new Map<string, StripeObject>(); // disputes, portal sessions
  const stores = [
    customers,
    checkoutSessions,
    paymentIntents,
    paymentMethods,
    charges,
    refunds,
    balanceTransactions,
    payouts,
    others,
  ];
  const save = <T extends StripeObject>(store: Map<string, StripeObject>, object: T) => {
    store.set(object.id, object);
    return object;
  };
  // What a checkout session was created with but Stripe does not show on the session object.
  const sessionInputs = new Map<string, { lineItems: LineItem[]; intentData: Params }>();
  const declines = new Map<string, { times: number; declineCode: string }>();
  const replays = new Map<string, { params: string; status: number; body: string }>();
  const requests: StripeStandIn['requests'] = [];
  const events: StripeEventSent[] = [];
  let deliveries: Promise<unknown> = Promise.resolve();
  let reachable = true;
  let refundsPending = false;

  const event = (type: string, object: StripeObject, previous?: Params): StripeObject => ({
    ...base('evt_', 'event'),
    api_version: Stripe.API_VERSION,
    type,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    // A snapshot: later changes to the stored object must not rewrite what was sent.
    data: { object: structuredClone(object), ...(previous && { previous_attributes: previous }) },
  });

  async function deliver(evt: StripeObject): Promise<StripeEventSent> {
    let sent: StripeEventSent = { event: evt, status: 0, body: '' };
    if (webhookUrl) {
      const payload = JSON.stringify(evt, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.webhookSecret,
      });
      const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
      try {
        const res = await fetch(webhookUrl, { method: 'POST', headers, body: payload });
        sent = { event: evt, status: res.status, body: await res.text() };
      } catch (error) {
        sent = { event: evt, status: 0, body: String(error) };
      }
    }
    events.push(sent);
    return sent;
  }

  /** One delivery at a time, in order, so the app sees events as Stripe orders them. */
  function enqueue(batch: StripeObject[]): Promise<StripeEventSent[]> {
    const run = deliveries.then(async () => {
      const sent: StripeEventSent[] = [];
      for (const evt of batch) sent.push(await deliver(evt));
      return sent;
    });
    deliveries = run.catch(() => undefined);
    return run;
  }

  function find(store: Map<string, StripeObject>, kind: string, id: string, param?: string) {
    const found = store.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  function createCard(customer: StripeObject | undefined, brand: string, last4: string) {
    const expYear = new Date().getFullYear() + 3;
    return save(paymentMethods, {
      ...base('pm_', 'payment_method'),
      type: 'card',
      customer: null,
      billing_details: { email: customer?.email ?? null, name: customer?.name ?? null },
      card: { brand, last4, exp_month: 12, exp_year: expYear, funding: 'credit', country: 'US' },
    });
  }

  /**
   * A balance transaction as Stripe writes one for money moving through the balance: net is
   * amount less fee, available two days later (Stripe's rolling schedule, roughly).
   */
  function addTransaction(input: {
    id?: string;
    type: string;
    amount: number;
    fee?: number;
    source: string | null;
    currency?: string;
    description?: string | null;
    reportingCategory?: string;
  }) {
    const fee = input.fee ?? 0;
    const made = base('txn_', 'balance_transaction');
    return save(balanceTransactions, {
      ...made,
      id: input.id ?? made.id,
      amount: input.amount,
      available_on: made.created + 2 * 86_400,
      currency: input.currency ?? 'usd',
      description: input.description ?? null,
      exchange_rate: null,
      fee,
      fee_details: fee
        ? [
            {
              amount: fee,
              application: null,
              currency: input.currency ?? 'usd',
              description: 'Stripe processing fees',
              type: 'stripe_fee',
            },
          ]
        : [],
      net: input.amount - fee,
      reporting_category: input.reportingCategory ?? input.type,
      source: input.source,
      status: 'available',
      type: input.type,
    });
  }

  /** Stripe's US card pricing, 2.9% + 30¢, rounded half up. */
  const cardFee = (amount: number) => Math.round(amount * 0.029) + 30;

  function createPayment(input: {
    amount: number;
    currency: string;
    customer: string | null;
    pm: StripeObject;
    metadata: Record<string, string>;
    description?: string;
    setupFutureUsage?: string;
    declineCode?: string;
  }) {
    const { amount, currency, customer, pm, metadata, declineCode } = input;
    const description = input.description ?? null;
    const [paid, failed] = [!declineCode, Boolean(declineCode)];
    const intentBase = base('pi_', 'payment_intent');
    const chargeBase = base('ch_', 'charge');
    const transaction = paid
      ? addTransaction({
          type: 'charge',
          amount,
          fee: cardFee(amount),
          source: chargeBase.id,
          currency,
          description: description ?? null,
        })
      : null;
    const charge = save(charges, {
      ...chargeBase,
      amount,
      amount_refunded: 0,
      balance_transaction: transaction?.id ?? null,
      currency,
      customer,
      description,
      disputed: false,
      failure_code: failed ? 'card_declined' : null,
      failure_message: failed ? DECLINED : null,
      metadata,
      paid,
      payment_intent: intentBase.id,
      payment_method: pm.id,
      payment_method_details: { type: 'card', card: { ...pm.card } },
      refunded: false,
      status: paid ? 'succeeded' : 'failed',
    });
    const error = { type: 'card_error', code: 'card_declined', decline_code: declineCode };
    const intent = save(paymentIntents, {
      ...intentBase,
      amount,
      amount_received: paid ? amount : 0,
      currency,
      customer,
      description,
      last_payment_error: failed
        ? { ...error, message: DECLINED, charge: charge.id, payment_method: structuredClone(pm) }
        : null,
      latest_charge: charge.id,
      metadata,
      payment_method: paid ? pm.id : null,
      setup_future_usage: input.setupFutureUsage ?? null,
      status: paid ? 'succeeded' : 'requires_payment_method',
    });
    return { intent, charge };
  }

  function completeCheckoutNow(sessionId: string, amount?: number, currency?: string) {
    const session = checkoutSessions.get(sessionId);
    const inputs = sessionInputs.get(sessionId);
    if (!session || !inputs) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is not open`);
    const customer = customers.get(session.customer ?? '');
    const setupFutureUsage = text(inputs.intentData.setup_future_usage);
    const pm = createCard(customer, 'visa', '4242');
    const sent: StripeObject[] = [];
    if (customer && setupFutureUsage) {
      pm.customer = customer.id;
      sent.push(event('payment_method.attached', pm));
    }
    const total = amount ?? inputs.lineItems.reduce((s, i) => s + i.unitAmount * i.quantity, 0);
    const { intent, charge } = createPayment({
      amount: total,
      currency: currency ?? session.currency,
      customer: customer?.id ?? null,
      pm,
      metadata: { ...mergeMetadata({}, inputs.intentData.metadata), ...session.metadata },
      description: text(inputs.intentData.description),
      setupFutureUsage,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      amount_subtotal: total,
      amount_total: total,
      currency: intent.currency,
      // What the payer typed on the page: the customer's e-mail, or the one it was given.
      customer_details: {
        email: customer?.email ?? session.customer_email ?? null,
        name: customer?.name ?? null,
      },
    });
    sent.push(event('checkout.session.completed', session));
    sent.push(event('payment_intent.succeeded', intent), event('charge.succeeded', charge));
    return sent;
  }

  function chargeOf(paymentIntentId: string): StripeObject {
    const charge = charges.get(paymentIntents.get(paymentIntentId)?.latest_charge ?? '');
    if (charge?.status !== 'succeeded') throw new Error(`${paymentIntentId} has no paid charge`);
    return charge;
  }

  /**
   * A refund of `amount` (what is left by default) of a paid charge, as Stripe makes it: the
   * charge's amount_refunded grows (refunded once all of it is), and charge.refunded goes out
   * (the one refund event the app's webhook endpoint subscribes to). Refused as Stripe does for a disputed charge, one already refunded
   * in full, or more than is left.
   */
  function refundCharge(
    charge: StripeObject,
    input: { amount?: number; reason?: string; metadata?: Record<string, string> },
    { byDashboard = false } = {},
  ) {
    // The tests' dashboard refund (`refund`) may still give a disputed payment back.
    if (charge.disputed && !byDashboard) {
      throw invalid(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    if (charge.refunded) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const left = charge.amount - charge.amount_refunded;
    const amount = input.amount ?? left;
    if (amount < 1) throw invalid('Invalid positive integer', { param: 'amount' });
    if (amount > left) {
      throw invalid(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refundBase = base('re_', 'refund');
    const transaction = addTransaction({
      type: 'refund',
      amount: -amount,
      source: refundBase.id,
      currency: charge.currency,
    });
    const refund = save(refunds, {
      ...refundBase,
      amount,
      balance_transaction: transaction.id,
      charge: charge.id,
      currency: charge.currency,
      metadata: input.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      failure_reason: null,
      failure_balance_transaction: null,
      status: refundsPending ? 'pending' : 'succeeded',
      transfer_reversal: null,
    });
    const refunded = charge.amount_refunded + amount;
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
    return { refund, events: [event('charge.refunded', charge)] };
  }

  const createRefund: Handler = (body, _, emitted) => {
    const intentId = text(body.payment_intent);
    const chargeId = text(body.charge);
    if (!intentId && !chargeId) {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const charge = chargeId
      ? find(charges, 'charge', chargeId, 'charge')
      : charges.get(
          find(paymentIntents, 'payment_intent', intentId!, 'payment_intent').latest_charge,
        );
    if (charge?.status !== 'succeeded') {
      throw invalid(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      );
    }
    const reason = text(body.reason);
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
        {
          param: 'reason',
        },
      );
    }
    const { refund, events: sent } = refundCharge(charge, {
      amount: body.amount === undefined ? undefined : integer(body.amount, 'amount'),
      reason,
      metadata: mergeMetadata({}, body.metadata),
    });
    emitted.push(...sent);
    return refund;
  };

  const createPaymentIntent: Handler = (body, _, emitted) => {
    const amount = integer(required(body, 'amount'), 'amount');
    const currency = required(body, 'currency').toLowerCase();
    const customerId = text(body.customer);
    if (customerId) find(customers, 'customer', customerId, 'customer');
    const pmId = text(body.payment_method);
    if (!pmId) {
      const message =
        "You cannot confirm this PaymentIntent because it's missing a payment method.";
      throw invalid(message, { code: 'payment_intent_unexpected_state', param: 'payment_method' });
    }
    const pm = find(paymentMethods, 'PaymentMethod', pmId, 'payment_method');
    if (customerId && pm.customer !== customerId) {
      const message = `The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`;
      throw invalid(message, { param: 'payment_method' });
    }
    const decline = declines.get(customerId ?? '');
    if (decline && --decline.times <= 0) declines.delete(customerId!);
    const { intent, charge } = createPayment({
      amount,
      currency,
      customer: customerId ?? null,
      pm,
      metadata: mergeMetadata({}, body.metadata),
      description: text(body.description),
      setupFutureUsage: text(body.setup_future_usage),
      declineCode: decline?.declineCode,
    });
    if (decline) {
      emitted.push(event('payment_intent.payment_failed', intent));
      throw new StripeApiError(402, { ...intent.last_payment_error, payment_intent: intent });
    }
    emitted.push(event('payment_intent.succeeded', intent), event('charge.succeeded', charge));
    return intent;
  };

  const createCheckoutSession: Handler = (body) => {
    if (body.mode !== 'payment') throw invalid('The stand-in supports mode=payment only.');
    const customerId = text(body.customer);
    if (customerId) find(customers, 'customer', customerId, 'customer');
    const lineItems = list(body.line_items).map((raw, index): LineItem => {
      const priceData = record(record(raw).price_data);
      const param = `line_items[${index}]`;
      return {
        currency: required(priceData, 'currency').toLowerCase(),
        name: required(record(priceData.product_data), 'name'),
        unitAmount: integer(priceData.unit_amount, `${param}[price_data][unit_amount]`),
        quantity: integer(record(raw).quantity ?? '1', `${param}[quantity]`),
      };
    });
    if (!lineItems[0]) throw invalid('Missing required param: line_items.');
    const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const session = save(checkoutSessions, {
      ...base('cs_test_', 'checkout.session'),
      amount_subtotal: total,
      amount_total: total,
      cancel_url: text(body.cancel_url) ?? null,
      client_reference_id: text(body.client_reference_id) ?? null,
      currency: lineItems[0].currency,
      customer: customerId ?? null,
      customer_details: null,
      customer_email: text(body.customer_email) ?? null,
      metadata: mergeMetadata({}, body.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: required(body, 'success_url'),
      url: '',
    });
    session.url = `${url}/checkout/${session.id}`;
    sessionInputs.set(session.id, { lineItems, intentData: record(body.payment_intent_data) });
    return session;
  };

  /**
   * Stripe's list: newest first, `limit` (10 by default, 1 to 100) after `starting_after`,
   * filtered by `payout` (an automatic payout's transactions; none for a manual one), `type`,
   * `source` and `created[lte]`.
   */
  const listBalanceTransactions: Handler = (body) => {
    const limit = body.limit === undefined ? 10 : integer(body.limit, 'limit');
    if (limit < 1 || limit > 100) {
      throw invalid('This value must be between 1 and 100 (it currently is ' + limit + ').', {
        param: 'limit',
      });
    }
    const payoutId = text(body.payout);
    const payout = payoutId ? find(payouts, 'payout', payoutId, 'payout') : undefined;
    const [type, source] = [text(body.type), text(body.source)];
    const createdBefore = record(body.created).lte;
    const latest = createdBefore === undefined ? Infinity : integer(createdBefore, 'created[lte]');
    const matching = [...balanceTransactions.values()]
      .reverse()
      .filter(
        (txn) =>
          (!payout || (payout.automatic && paidOutBy.get(txn.id) === payout.id)) &&
          (!type || txn.type === type) &&
          (!source || txn.source === source) &&
          txn.created <= latest,
      );
    const after = text(body.starting_after);
    const start = after ? matching.findIndex((txn) => txn.id === after) + 1 : 0;
    if (after && start === 0) throw noSuch('balance transaction', after, 'starting_after');
    return {
      object: 'list',
      data: matching.slice(start, start + limit).map((txn) => structuredClone(txn)),
      has_more: start + limit < matching.length,
      url: '/v1/balance_transactions',
    };
  };

  function payOutNow(opts: { automatic?: boolean; amount?: number; failureMessage?: string }) {
    const automatic = opts.automatic ?? true;
    const settled = automatic
      ? [...balanceTransactions.values()].filter(
          (txn) => txn.type !== 'payout' && !paidOutBy.has(txn.id),
        )
      : [];
    const amount = opts.amount ?? settled.reduce((sum, txn) => sum + txn.net, 0);
    const payoutBase = base('po_', 'payout');
    const transaction = addTransaction({
      type: 'payout',
      amount: -amount,
      source: payoutBase.id,
      description: automatic ? 'STRIPE PAYOUT' : null,
    });
    for (const txn of [...settled, transaction]) paidOutBy.set(txn.id, payoutBase.id);
    const failed = opts.failureMessage !== undefined;
    const payout = save(payouts, {
      ...payoutBase,
      amount,
      // Two days on, at midnight UTC, as Stripe dates an arrival.
      arrival_date: Math.floor(payoutBase.created / 86_400 + 2) * 86_400,
      automatic,
      balance_transaction: transaction.id,
      currency: 'usd',
      description: automatic ? 'STRIPE PAYOUT' : null,
      destination: 'ba_stand_in',
      failure_balance_transaction: null,
      failure_code: failed ? 'account_closed' : null,
      failure_message: failed ? opts.failureMessage : null,
      metadata: {},
      method: 'standard',
      reconciliation_status: automatic ? 'completed' : 'not_applicable',
      source_type: 'card',
      statement_descriptor: null,
      status: failed ? 'failed' : 'paid',
      type: 'bank_account',
    });
    return { payout, events: [event(failed ? 'payout.failed' : 'payout.paid', payout)] };
  }

  const updateCustomer: Handler = (body, [id], emitted) => {
    const customer = find(customers, 'customer', id!);
    const before = structuredClone(customer);
    for (const key of ['email', 'name', 'phone']) {
      if (key in body) customer[key] = text(body[key]) ?? null;
    }
    if ('metadata' in body) customer.metadata = mergeMetadata(customer.metadata, body.metadata);
    const settings = record(body.invoice_settings);
    if ('default_payment_method' in settings) {
      const pmId = text(settings.default_payment_method);
      if (pmId && paymentMethods.get(pmId)?.customer !== id) {
        throw noSuch('PaymentMethod', pmId, 'invoice_settings[default_payment_method]');
      }
      customer.invoice_settings.default_payment_method = pmId ?? null;
    }
    // Stripe sends customer.updated only for a real change, with the values it replaced.
    const changed = Object.keys(customer).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(customer[key]),
    );
    const previous = Object.fromEntries(changed.map((key) => [key, before[key]]));
    if (changed.length > 0) emitted.push(event('customer.updated', customer, previous));
    return customer;
  };

  const cardList = (customerId: string, path: string) => ({
    object: 'list',
    data: [...paymentMethods.values()].filter((pm) => pm.customer === customerId).reverse(),
    has_more: false,
    url: path,
  });
  const retrieve =
    (store: Map<string, StripeObject>, kind: string): Handler =>
    (_, [id]) =>
      find(store, kind, id!);

  const routes: Array<[string, Handler]> = [
    [
      'POST /v1/customers',
      (body) =>
        save(customers, {
          ...base('cus_', 'customer'),
          email: text(body.email) ?? null,
          invoice_settings: { default_payment_method: null },
          metadata: mergeMetadata({}, body.metadata),
          name: text(body.name) ?? null,
          phone: text(body.phone) ?? null,
        }),
    ],
    ['GET /v1/customers/:id', retrieve(customers, 'customer')],
    ['POST /v1/customers/:id', updateCustomer],
    [
      'GET /v1/customers/:id/payment_methods',
      (_, [id]) =>
        cardList(find(customers, 'customer', id!).id, `/v1/customers/${id}/payment_methods`),
    ],
    [
      'GET /v1/payment_methods',
      (body) =>
        cardList(
          find(customers, 'customer', required(body, 'customer'), 'customer').id,
          '/v1/payment_methods',
        ),
    ],
    ['GET /v1/payment_methods/:id', retrieve(paymentMethods, 'PaymentMethod')],
    ['POST /v1/checkout/sessions', createCheckoutSession],
    ['GET /v1/checkout/sessions/:id', retrieve(checkoutSessions, 'checkout.session')],
    [
      'POST /v1/checkout/sessions/:id/expire',
      (_, [id]) => {
        const session = find(checkoutSessions, 'checkout.session', id!);
        if (session.status !== 'open') {
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        }
        return Object.assign(session, { status: 'expired', url: null });
      },
    ],
    ['POST /v1/payment_intents', createPaymentIntent],
    ['GET /v1/payment_intents/:id', retrieve(paymentIntents, 'payment_intent')],
    ['GET /v1/charges/:id', retrieve(charges, 'charge')],
    ['POST /v1/refunds', createRefund],
    ['GET /v1/refunds/:id', retrieve(refunds, 'refund')],
    ['GET /v1/payouts/:id', retrieve(payouts, 'payout')],
    ['GET /v1/balance_transactions', listBalanceTransactions],
    ['GET /v1/balance_transactions/:id', retrieve(balanceTransactions, 'balance transaction')],
    [
      'POST /v1/billing_portal/sessions',
      (body) => {
        const customer = find(customers, 'customer', required(body, 'customer'), 'customer');
        const session = save(others, {
          ...base('bps_', 'billing_portal.session'),
          customer: customer.id,
          return_url: text(body.return_url) ?? null,
          url: '',
        });
        session.url = `${url}/billing-portal/${session.id}`;
        return session;
      },
    ],
  ];
  const compiled = routes.map(
    ([route, handler]) => [new RegExp(`^${route.replaceAll(':id', '(\\w+)')}$`), handler] as const,
  );

  /** `expand[]=payment_intent.payment_method`: ids along the path become their objects. */
  function expand(target: unknown, path: string[]): unknown {
    const [key, ...rest] = path;
    if (Array.isArray(target)) return target.map((item) => expand(item, path));
    if (key === undefined || typeof target !== 'object' || target === null) return target;
    const value = (target as Params)[key];
    const found = typeof value === 'string' ? stores.find((s) => s.has(value))?.get(value) : value;
    return { ...target, [key]: expand(found === undefined ? value : structuredClone(found), rest) };
  }

  function answerJson(res: http.ServerResponse, status: number, body: unknown, replayed = false) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req_'),
      ...(replayed && { 'idempotent-replayed': 'true' }),
    });
    res.end(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const method = req.method ?? 'GET';
    const query = req.url?.split('?')[1] ?? '';
    const body = qs.parse(method === 'GET' ? query : await readBody(req), { depth: 10 }) as Params;
    const idempotencyKey = text(req.headers['idempotency-key']);
    requests.push({ method, path, body, idempotencyKey });
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_(test|live)_\w+$/.test(auth)) {
      const message = auth
        ? `Invalid API Key provided: ${auth.replace(/^Bearer\s*/, '').slice(0, 8)}***`
        : 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.';
      return answerJson(res, 401, { error: { type: 'invalid_request_error', message } });
    }
    // The SDK puts a fresh key on every POST by itself, so only a key seen twice is a replay.
    const replayKey = method === 'POST' && idempotencyKey ? `${path} ${idempotencyKey}` : '';
    const params = JSON.stringify(body);
    const stored = replays.get(replayKey);
    if (stored && stored.params !== params) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return answerJson(res, 400, { error: { type: 'idempotency_error', message } });
    }
    if (stored) return answerJson(res, stored.status, stored.body, true);
    const emitted: StripeObject[] = [];
    let status = 200;
    let answer: unknown;
    try {
      const match = compiled
        .map(([pattern, handler]) => [pattern.exec(`${method} ${path}`), handler] as const)
        .find(([found]) => found);
      if (!match) {
        const message = `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
        throw new StripeApiError(404, { type: 'invalid_request_error', message });
      }
      const [found, handler] = match;
      answer = list(body.expand).reduce(
        (object: unknown, field) => expand(object, String(field).split('.')),
        handler(body, found!.slice(1), emitted),
      );
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      [status, answer] = [error.status, { error: error.error }];
    }
    const json = JSON.stringify(answer, null, 2);
    if (replayKey) replays.set(replayKey, { params, status, body: json });
    // Stripe sends the events after answering: an app that waited for its webhook inside its
    // own API call (holding a transaction, say) would hang, so that order is the one to test.
    res.on('finish', () => void enqueue(emitted));
    answerJson(res, status, json);
  }

  function renderCheckout(session: StripeObject, notice = '') {
    const { lineItems } = sessionInputs.get(session.id)!;
    const items = lineItems.map(
      (i) =>
        `<li>${escapeHtml(i.name)} × ${i.quantity}: ${money(i.unitAmount * i.quantity, i.currency)}</li>`,
    );
    const action = `/checkout/${session.id}/pay`;
    const form =
      session.status === 'open'
        ? cardForm(action, 'Pay with card', 'Card number', 'Pay', '4242 4242 4242 4242')
        : '<p>This checkout session is complete.</p>';
    return page(
      'Stand-in Checkout',
      `${notice && `<p role="alert">${escapeHtml(notice)}</p>`}<ul>${items.join('')}</ul>` +
        `<p>Total: <strong>${money(session.amount_total, session.currency)}</strong></p>` +
        `${form}${link(session.cancel_url, 'Cancel')}`,
    );
  }

  function renderPortal(session: StripeObject, notice = '') {
    const customer = customers.get(session.customer)!;
    const saved = customer.invoice_settings.default_payment_method ?? '';
    const card = (paymentMethods.get(saved) ?? cardList(customer.id, '').data[0])?.card;
    const brand = card?.brand === 'mastercard' ? 'Mastercard' : 'Visa';
    const action = `/billing-portal/${session.id}/cards`;
    return page(
      'Stand-in Billing Portal',
      `${notice && `<p role="status">${escapeHtml(notice)}</p>`}` +
        `<p>${card ? `${brand} ending in ${card.last4}` : 'No saved card.'}</p>` +
        `<h2>Use a new card</h2>` +
        cardForm(action, 'Use a new card', 'New card number', 'Save card') +
        link(session.return_url, 'Return to the site'),
    );
  }

  async function handlePage(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    const [, kind, id = '', action] =
      /^\/(checkout|billing-portal)\/(\w+)(?:\/(\w+))?$/.exec(path) ?? [];
    const post = req.method === 'POST';
    const form = post ? qs.parse(await readBody(req)) : {};
    const digits = String(form.card_number ?? '').replace(/\D/g, '');
    const checkout = kind === 'checkout' ? checkoutSessions.get(id) : undefined;
    const portal = kind === 'billing-portal' ? others.get(id) : undefined;
    if (checkout && !action && !post) return html(200, renderCheckout(checkout));
    if (checkout && action === 'pay' && post) {
      if (checkout.status !== 'open') return html(409, renderCheckout(checkout));
      if (digits === '4000000000000002') return html(402, renderCheckout(checkout, DECLINED));
      if (digits.length < 12) return html(400, renderCheckout(checkout, INCOMPLETE));
      await enqueue(completeCheckoutNow(checkout.id));
      const location = checkout.success_url.replace('{CHECKOUT_SESSION_ID}', checkout.id);
      return res.writeHead(303, { location }).end();
    }
    if (portal && !action && !post) return html(200, renderPortal(portal));
    if (portal && action === 'cards' && post) {
      if (digits.length < 12) return html(400, renderPortal(portal, INCOMPLETE));
      const customer = customers.get(portal.customer)!;
      const brand = digits.startsWith('5') ? 'mastercard' : 'visa';
      const pm = createCard(customer, brand, digits.slice(-4));
      pm.customer = customer.id;
      const emitted = [event('payment_method.attached', pm)];
      const update = { invoice_settings: { default_payment_method: pm.id } };
      updateCustomer(update, [customer.id], emitted);
      await enqueue(emitted);
      return html(200, renderPortal(portal, 'Card saved.'));
    }
    const message = `Unrecognized request URL (${req.method}: ${path}).`;
    answerJson(res, 404, { error: { type: 'invalid_request_error', message } });
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!reachable && path.startsWith('/v1/')) {
      req.socket.destroy();
      return;
    }
    const handler = path.startsWith('/v1/') ? handleApi : handlePage;
    handler(req, res, path).catch((error: unknown) => {
      // A bug here must fail the test at once, not be retried by the SDK.
      res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    setWebhookUrl: (next) => void (webhookUrl = next),
    setReachable: (next) => void (reachable = next),
    declineNextCharges(customerId, times, declineCode = 'generic_decline') {
      if (times > 0) declines.set(customerId, { times, declineCode });
      else declines.delete(customerId);
    },
    completeCheckout: (sessionId, options = {}) =>
      enqueue(completeCheckoutNow(sessionId, options.amount, options.currency)),
    async refund(paymentIntentId) {
      const charge = chargeOf(paymentIntentId);
      if (charge.refunded) throw new Error(`${paymentIntentId} is already refunded`);
      return enqueue(refundCharge(charge, {}, { byDashboard: true }).events);
    },
    setRefundsPending: (pending) => void (refundsPending = pending),
    async settleRefund(refundId) {
      const refund = find(refunds, 'refund', refundId);
      if (refund.status !== 'pending') throw new Error(`${refundId} is not pending`);
      refund.status = 'succeeded';
      return enqueue([event('refund.updated', refund, { status: 'pending' })]);
    },
    async failRefund(refundId, failureReason = 'expired_or_canceled_card') {
      const refund = find(refunds, 'refund', refundId);
      if (refund.status === 'failed') throw new Error(`${refundId} has failed already`);
      const previous = { status: refund.status, failure_reason: null };
      const transaction = addTransaction({
        type: 'refund_failure',
        amount: refund.amount,
        source: refund.id,
        currency: refund.currency,
      });
      Object.assign(refund, {
        status: 'failed',
        failure_reason: failureReason,
        failure_balance_transaction: transaction.id,
      });
      const charge = find(charges, 'charge', refund.charge);
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
      return enqueue([
        event('refund.updated', refund, previous),
        event('refund.failed', refund, previous),
      ]);
    },
    async dispute(paymentIntentId) {
      const charge = chargeOf(paymentIntentId);
      const { amount, currency } = charge;
      const disputeBase = base('dp_', 'dispute');
      // Stripe takes the disputed amount back at once, and its dispute fee ($15).
      const transaction = addTransaction({
        type: 'adjustment',
        amount: -amount,
        fee: 1500,
        source: disputeBase.id,
        currency,
        description: `Chargeback withdrawal for ${charge.id}`,
        reportingCategory: 'dispute',
      });
      const dispute = save(others, {
        ...disputeBase,
        amount,
        balance_transactions: [structuredClone(transaction)],
        charge: charge.id,
        currency,
        payment_intent: paymentIntentId,
        reason: 'fraudulent',
        status: 'needs_response',
      });
      charge.disputed = true;
      return enqueue([event('charge.dispute.created', dispute)]);
    },
    async payOut(opts = {}) {
      const { payout, events: batch } = payOutNow(opts);
      return { payout, sent: await enqueue(batch) };
    },
    async failPayout(payoutId, failureMessage = 'The bank account has been closed.') {
      const payout = find(payouts, 'payout', payoutId);
      const previous = { status: payout.status, failure_message: null };
      const returned = addTransaction({
        type: 'payout_failure',
        amount: payout.amount,
        source: payout.id,
      });
      Object.assign(payout, {
        status: 'failed',
        failure_balance_transaction: returned.id,
        failure_code: 'account_closed',
        failure_message: failureMessage,
      });
      return enqueue([event('payout.failed', payout, previous)]);
    },
    addBalanceTransaction: (input) => addTransaction({ source: null, ...input }),
    sendEvent: async (type, object) => (await enqueue([event(type, object)]))[0]!,
    idle: () => deliveries.then(() => undefined),
    events,
    requests,
    customers,
    checkoutSessions,
    paymentIntents,
    paymentMethods,
    charges,
    refunds,
    balanceTransactions,
    payouts,
    async close() {
      await deliveries;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

import express, { Router, type Request } from 'express';
import type { Logger } from 'pino';
import { ResolvePaymentFlagSchema } from '@shared/schemas/invoices';
import {
  PaymentListQuerySchema,
  RecordPaymentSchema,
  UpdatePaymentSettingsSchema,
  VoidPaymentSchema,
} from '@shared/schemas/payments';
import { PayoutListQuerySchema } from '@shared/schemas/payouts';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { secretLinkLimits, waitText } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { parse } from '../../lib/validate';
import { payTokenHash } from '../invoices/pay-links';
import type { PaymentService } from './payments.service';

/** The signed-in client's ways to pay: Checkout for an invoice, the saved card, auto-pay. */
export function clientPaymentRoutes(service: PaymentService): Router {
  const router = Router();
  router.get('/billing', requireUser, async (req, res) => {
    res.json(await service.paymentSettings(currentUserId(req)));
  });
  router.patch('/billing', requireUser, async (req, res) => {
    const { autoPay } = parse(UpdatePaymentSettingsSchema, req.body);
    res.json(await service.setAutoPay(currentUserId(req), autoPay));
  });
  router.post('/billing-portal', requireUser, async (req, res) => {
    res.json({ url: await service.billingPortal(currentUserId(req)) });
  });
  router.post('/invoices/:id/pay', requireUser, async (req: Request<{ id: string }>, res) => {
    res.json({ url: await service.payAsClient(currentUserId(req), req.params.id) });
  });
  return router;
}

/**
 * /api/pay/{token}: an invoice's pay link, for whoever holds it (no sign-in). Matched in its
 * own case only, so `/api/PAY/…` is no route. Wrong links are limited per address (20 in 15
 * minutes); opening a payment page, which closes the one the client may have open, 10 an
 * hour per link and 30 per address.
 */
export function payLinkRoutes(
  service: PaymentService,
  brand: () => Promise<string>,
  counters: RateLimitCounters,
): Router {
  const router = Router({ caseSensitive: true });
  const message = (minutes: number) =>
    `Too many payment attempts. Please try again in ${waitText(minutes)}.`;
  const { wrongLinks, actions } = secretLinkLimits(counters, {
    name: 'pay-link',
    tokenHash: payTokenHash,
    message,
  });
  const checkouts = actions('checkout');
  router.get('/pay/:token', wrongLinks, async (req: Request<{ token: string }>, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await service.payLinkInvoice(req.params.token, await brand()));
  });
  router.post(
    '/pay/:token',
    wrongLinks,
    ...checkouts,
    async (req: Request<{ token: string }>, res) => {
      res.json({ url: await service.payByLink(req.params.token) });
    },
  );
  return router;
}

/** Behind requireAdmin: payments received outside Stripe, the payments and payouts screens. */
export function adminPaymentRoutes(service: PaymentService): Router {
  const router = Router();
  router.get('/payments', async (req, res) => {
    res.json(await service.list(parse(PaymentListQuerySchema, req.query)));
  });
  router.get('/payouts', async (req, res) => {
    res.json(await service.listPayouts(parse(PayoutListQuerySchema, req.query)));
  });
  router.get('/payouts/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.payout(req.params.id));
  });
  router.post('/payments/:id/resolve', async (req: Request<{ id: string }>, res) => {
    res.json(await service.resolvePayment(req.params.id, actorOf(currentAdmin(res))));
  });
  router.post('/payments/:id/void', async (req: Request<{ id: string }>, res) => {
    const { reason } = parse(VoidPaymentSchema, req.body);
    res.json(await service.voidPayment(req.params.id, reason, actorOf(currentAdmin(res))));
  });
  router.post('/invoices/:id/payments', async (req: Request<{ id: string }>, res) => {
    const input = parse(RecordPaymentSchema, req.body);
    res
      .status(201)
      .json(await service.recordManual(req.params.id, input, actorOf(currentAdmin(res))));
  });
  router.post('/invoices/:id/pay-link/revoke', async (req: Request<{ id: string }>, res) => {
    res.json(await service.revokePayLink(req.params.id, actorOf(currentAdmin(res))));
  });
  router.post('/invoices/:id/resolve-flag', async (req: Request<{ id: string }>, res) => {
    const { flagId } = parse(ResolvePaymentFlagSchema, req.body);
    res.json(await service.resolveFlag(req.params.id, flagId, actorOf(currentAdmin(res))));
  });
  return router;
}

/**
 * POST /api/webhooks/stripe: mounted before the JSON parser, the sessions and the CSRF check.
 * The signature is checked on the raw bytes; a missing or bad one is a 400 that changes
 * nothing. A handled event (or one handled before) is a 200; an error is a 500, and Stripe
 * delivers the event again later.
 */
export function stripeWebhookRoutes(service: PaymentService, logger: Logger): Router {
  const router = Router();
  router.post(
    '/webhooks/stripe',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = service.verifyEvent(body, req.get('stripe-signature'));
      const outcome = await service.handleEvent(event);
      if (outcome === 'ignored') logger.debug({ type: event.type }, 'Stripe event ignored');
      res.json({ received: true });
    },
  );
  return router;
}

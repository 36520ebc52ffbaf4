import { Router, type RequestHandler } from 'express';
import { PlanChangeSchema, SubscribeSchema } from '@shared/schemas/subscriptions';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SubscriptionService } from './subscriptions.service';

/** `notifying`: the limit on client actions that e-mail the agency (server/lib/rate-limit). */
export function subscriptionRoutes(
  service: SubscriptionService,
  notifying: RequestHandler,
): Router {
  const router = Router();

  router.get('/subscription', requireUser, async (req, res) => {
    res.json(await service.get(currentUserId(req)));
  });

  router.post('/get-or-create-subscription', requireUser, notifying, async (req, res) => {
    const { planId } = parse(SubscribeSchema, req.body);
    res.json(await service.subscribe(currentUserId(req), planId));
  });

  router.post('/subscription/plan-change', requireUser, notifying, async (req, res) => {
    const { planId } = parse(PlanChangeSchema, req.body);
    res.json(await service.changePlan(currentUserId(req), planId));
  });

  router.delete('/subscription/plan-change', requireUser, notifying, async (req, res) => {
    res.json(await service.withdrawPlanChange(currentUserId(req)));
  });

  router.post('/subscription/cancel', requireUser, notifying, async (req, res) => {
    res.json(await service.cancel(currentUserId(req)));
  });

  router.delete('/subscription/cancel', requireUser, notifying, async (req, res) => {
    res.json(await service.keep(currentUserId(req)));
  });

  return router;
}

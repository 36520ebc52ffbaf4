import { Router } from 'express';
import { SubscribeSchema } from '../../../shared/schemas/subscriptions';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SubscriptionService } from './subscriptions.service';

export function subscriptionRoutes(service: SubscriptionService): Router {
  const router = Router();

  router.get('/subscription', requireUser, async (req, res) => {
    res.json(await service.get(currentUserId(req)));
  });

  router.post('/get-or-create-subscription', requireUser, async (req, res) => {
    const { planId } = parse(SubscribeSchema, req.body);
    res.json(await service.subscribe(currentUserId(req), planId));
  });

  router.post('/subscription/cancel', requireUser, async (req, res) => {
    res.json(await service.cancel(currentUserId(req)));
  });

  return router;
}

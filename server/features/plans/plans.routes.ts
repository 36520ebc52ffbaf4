import { Router } from 'express';
import {
  AdminPlanListQuerySchema,
  CreatePlanSchema,
  PlanIdSchema,
  UpdatePlanSchema,
} from '@shared/schemas/plans';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { PLAN_NOT_FOUND, type PlanService } from './plans.service';

/** A plan id in an address: a slug, else no such plan. */
function planId(value: string | undefined): string {
  const parsed = PlanIdSchema.safeParse(value);
  if (!parsed.success) throw new AppError(404, PLAN_NOT_FOUND);
  return parsed.data;
}

/** No sign-in: the active plans in order (the portal's plan choice, the landing's pricing). */
export function publicPlanRoutes(service: PlanService): Router {
  const router = Router();
  router.get('/plans', async (_req, res) => {
    res.json({ items: await service.listPublicPlans() });
  });
  return router;
}

/** Behind requireAdmin: the plan catalogue (Plans). */
export function adminPlanRoutes(service: PlanService): Router {
  const router = Router();
  router.get('/plans', async (req, res) => {
    res.json(await service.list(parse(AdminPlanListQuerySchema, req.query)));
  });
  router.post('/plans', async (req, res) => {
    const input = parse(CreatePlanSchema, req.body);
    res.status(201).json(await service.create(actorOf(currentAdmin(res)), input));
  });
  router.get('/plans/:id', async (req, res) => {
    res.json(await service.get(planId(req.params.id)));
  });
  router.patch('/plans/:id', async (req, res) => {
    const id = planId(req.params.id);
    const patch = parse(UpdatePlanSchema, req.body);
    res.json(await service.update(actorOf(currentAdmin(res)), id, patch));
  });
  router.post('/plans/:id/move-subscribers', async (req, res) => {
    const id = planId(req.params.id);
    res.json(await service.moveSubscribers(actorOf(currentAdmin(res)), id));
  });
  return router;
}

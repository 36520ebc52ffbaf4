import { Router } from 'express';
import { UpdateAllowanceSettingsSchema } from '@shared/schemas/updates';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { UpdateAllowance } from './update-allowance';

/** Behind requireAdmin: each plan's updates per month and the price of an extra update. */
export function adminUpdateAllowanceRoutes(allowance: UpdateAllowance): Router {
  const router = Router();
  router.get('/settings/updates', async (_req, res) => {
    res.json(await allowance.get());
  });
  router.put('/settings/updates', async (req, res) => {
    const values = parse(UpdateAllowanceSettingsSchema, req.body);
    res.json(await allowance.save(values, actorOf(currentAdmin(res))));
  });
  return router;
}

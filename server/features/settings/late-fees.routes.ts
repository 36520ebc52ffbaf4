import { Router } from 'express';
import { LateFeeSettingsSchema } from '@shared/schemas/late-fees';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { LateFeeSettingsService } from './late-fees';

/** Behind requireAdmin: the late-fee terms (issue 39). */
export function adminLateFeeSettingsRoutes(lateFees: LateFeeSettingsService): Router {
  const router = Router();
  router.get('/settings/late-fees', async (_req, res) => {
    res.json(await lateFees.view());
  });
  router.put('/settings/late-fees', async (req, res) => {
    const values = parse(LateFeeSettingsSchema, req.body);
    res.json(await lateFees.save(values, actorOf(currentAdmin(res))));
  });
  return router;
}

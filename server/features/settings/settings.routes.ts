import { Router } from 'express';
import { BusinessSettingsSchema } from '@shared/schemas/settings';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SettingsService } from './settings.service';

export function publicSettingsRoutes(service: SettingsService): Router {
  const router = Router();
  router.get('/settings/public', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await service.getPublic());
  });
  return router;
}

/** Behind requireAdmin: the business details. */
export function adminSettingsRoutes(service: SettingsService): Router {
  const router = Router();
  router.get('/settings', async (_req, res) => {
    res.json(await service.getBusiness());
  });
  router.put('/settings', async (req, res) => {
    const admin = currentAdmin(res);
    res.json(
      await service.saveBusiness(parse(BusinessSettingsSchema, req.body), {
        actor: actorOf(admin),
        hasTwoFactor: admin.totpEnabledAt !== null,
      }),
    );
  });
  return router;
}

import { Router } from 'express';
import type { SettingsService } from './settings.service';

export function publicSettingsRoutes(service: SettingsService): Router {
  const router = Router();
  router.get('/settings/public', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await service.getPublic());
  });
  return router;
}

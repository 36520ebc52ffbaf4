import { Router } from 'express';
import { ResponseTimeSettingsSchema } from '@shared/schemas/response-times';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { ResponseTimes } from './response-times';

/** Behind requireAdmin: the support hours and the plans' response targets. */
export function adminResponseTimeRoutes(responseTimes: ResponseTimes): Router {
  const router = Router();
  router.get('/settings/response-times', async (_req, res) => {
    res.json(await responseTimes.view());
  });
  router.put('/settings/response-times', async (req, res) => {
    const values = parse(ResponseTimeSettingsSchema, req.body);
    res.json(await responseTimes.save(values, actorOf(currentAdmin(res))));
  });
  return router;
}

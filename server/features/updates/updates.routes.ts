import { Router, type Request } from 'express';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import type { UpdatesService } from './updates.service';

/** The signed-in client's updates meter of this month. */
export function updateRoutes(service: UpdatesService): Router {
  const router = Router();
  router.get('/updates', requireUser, async (req, res) => {
    res.json(await service.meter(currentUserId(req)));
  });
  return router;
}

/** Behind requireAdmin: a client's updates of the month, and billing one beyond the plan. */
export function adminUpdateRoutes(service: UpdatesService): Router {
  const router = Router();
  router.get('/clients/:id/updates', async (req: Request<{ id: string }>, res) => {
    res.json(await service.clientUpdates(req.params.id));
  });
  router.post('/tickets/:id/extra-update', async (req: Request<{ id: string }>, res) => {
    res.status(201).json(await service.billExtraUpdate(actorOf(currentAdmin(res)), req.params.id));
  });
  return router;
}

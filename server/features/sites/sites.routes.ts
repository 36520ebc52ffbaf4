import { Router, type Request } from 'express';
import { ListQuerySchema } from '@shared/schemas/common';
import { CreateSiteSchema, SiteListQuerySchema, UpdateSiteSchema } from '@shared/schemas/sites';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SiteService } from './sites.service';

/** Behind requireAdmin: the clients' websites (docs/site-care.md). */
export function adminSiteRoutes(service: SiteService): Router {
  const router = Router();

  router.get('/clients/:id/sites', async (req: Request<{ id: string }>, res) => {
    res.json(await service.forClient(req.params.id));
  });

  router.post('/clients/:id/sites', async (req: Request<{ id: string }>, res) => {
    const input = parse(CreateSiteSchema, req.body);
    res.status(201).json(await service.add(actorOf(currentAdmin(res)), req.params.id, input));
  });

  router.get('/sites', async (req, res) => {
    res.json(await service.list(parse(SiteListQuerySchema, req.query)));
  });

  router.patch('/sites/:id', async (req: Request<{ id: string }>, res) => {
    const change = parse(UpdateSiteSchema, req.body);
    res.json(await service.update(actorOf(currentAdmin(res)), req.params.id, change));
  });

  router.delete('/sites/:id', async (req: Request<{ id: string }>, res) => {
    await service.remove(actorOf(currentAdmin(res)), req.params.id);
    res.status(204).end();
  });

  router.post('/sites/:id/check', async (req: Request<{ id: string }>, res) => {
    res.json(await service.checkNow(req.params.id));
  });

  router.get('/sites/:id/checks', async (req: Request<{ id: string }>, res) => {
    res.json(await service.checks(req.params.id, parse(ListQuerySchema, req.query)));
  });

  router.get('/sites/:id/incidents', async (req: Request<{ id: string }>, res) => {
    res.json(await service.incidents(req.params.id, parse(ListQuerySchema, req.query)));
  });

  router.get('/dashboard/site-care', async (_req, res) => {
    res.json(await service.summary());
  });

  return router;
}

/** The signed-in client's own websites. */
export function siteRoutes(service: SiteService): Router {
  const router = Router();

  router.get('/sites', requireUser, async (req, res) => {
    res.json(await service.clientSites(currentUserId(req)));
  });

  return router;
}

import { Router, type Request } from 'express';
import {
  ClientActiveSchema,
  ClientDetailsSchema,
  ClientListQuerySchema,
  NewClientNoteSchema,
} from '@shared/schemas/clients';
import { EmailChangeRequestSchema } from '@shared/schemas/profile';
import { AdminSubscriptionChangeSchema, FreeMonthsSchema } from '@shared/schemas/subscriptions';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { ClientService } from './clients.service';

/** Behind requireAdmin: the client directory, each client's page and its private notes. */
export function adminClientRoutes(service: ClientService): Router {
  const router = Router();

  router.get('/clients', async (req, res) => {
    res.json(await service.list(parse(ClientListQuerySchema, req.query)));
  });

  router.get('/clients/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.detail(req.params.id));
  });

  router.get('/clients/:id/password-reset', async (req: Request<{ id: string }>, res) => {
    res.json(await service.passwordResetStatus(req.params.id));
  });

  router.post('/clients/:id/password-reset', async (req: Request<{ id: string }>, res) => {
    res.json(await service.sendPasswordReset(req.params.id, actorOf(currentAdmin(res))));
  });

  router.patch('/clients/:id', async (req: Request<{ id: string }>, res) => {
    const details = parse(ClientDetailsSchema, req.body);
    await service.updateDetails(req.params.id, actorOf(currentAdmin(res)), details);
    res.json(await service.detail(req.params.id));
  });

  router.patch('/clients/:id/subscription', async (req: Request<{ id: string }>, res) => {
    const change = parse(AdminSubscriptionChangeSchema, req.body);
    res.json(await service.changeSubscription(req.params.id, actorOf(currentAdmin(res)), change));
  });

  router.post('/clients/:id/free-months', async (req: Request<{ id: string }>, res) => {
    const { months } = parse(FreeMonthsSchema, req.body ?? {});
    res.json(await service.giveFreeMonths(req.params.id, actorOf(currentAdmin(res)), months));
  });

  router.put('/clients/:id/active', async (req: Request<{ id: string }>, res) => {
    const { active } = parse(ClientActiveSchema, req.body ?? {});
    res.json(await service.setActive(req.params.id, actorOf(currentAdmin(res)), active));
  });

  router.get('/clients/:id/email-change', async (req: Request<{ id: string }>, res) => {
    res.json(await service.emailChangeStatus(req.params.id));
  });

  router.post('/clients/:id/email-change', async (req: Request<{ id: string }>, res) => {
    const { email } = parse(EmailChangeRequestSchema, req.body ?? {});
    res.json(await service.startEmailChange(req.params.id, actorOf(currentAdmin(res)), email));
  });

  router.delete('/clients/:id/email-change', async (req: Request<{ id: string }>, res) => {
    res.json(await service.cancelEmailChange(req.params.id, actorOf(currentAdmin(res))));
  });

  router.post('/clients/:id/notes', async (req: Request<{ id: string }>, res) => {
    const note = parse(NewClientNoteSchema, req.body);
    res.status(201).json(await service.addNote(req.params.id, actorOf(currentAdmin(res)), note));
  });

  router.delete(
    '/clients/:id/notes/:noteId',
    async (req: Request<{ id: string; noteId: string }>, res) => {
      await service.removeNote(req.params.id, req.params.noteId, actorOf(currentAdmin(res)));
      res.status(204).end();
    },
  );

  return router;
}

import { Router } from 'express';
import { SavedReplyInputSchema, SavedReplyListQuerySchema } from '@shared/schemas/saved-replies';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SavedReplyService } from './saved-replies.service';

/** Behind requireAdmin: the saved replies, managed in Settings. */
export function adminSavedReplyRoutes(service: SavedReplyService): Router {
  const router = Router();
  router.get('/saved-replies', async (req, res) => {
    res.json(await service.list(parse(SavedReplyListQuerySchema, req.query)));
  });
  router.post('/saved-replies', async (req, res) => {
    const input = parse(SavedReplyInputSchema, req.body);
    res.status(201).json(await service.create(actorOf(currentAdmin(res)), input));
  });
  router.put('/saved-replies/:id', async (req, res) => {
    const input = parse(SavedReplyInputSchema, req.body);
    res.json(await service.update(actorOf(currentAdmin(res)), req.params.id, input));
  });
  router.delete('/saved-replies/:id', async (req, res) => {
    await service.remove(actorOf(currentAdmin(res)), req.params.id);
    res.status(204).end();
  });
  return router;
}

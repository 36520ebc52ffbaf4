import { Router, type Request } from 'express';
import { z } from 'zod';
import { OutboxListQuerySchema } from '@shared/schemas/mail';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { MailService } from './mail.service';

const AttachmentParams = z.object({
  index: z.coerce.number({ error: 'Attachment not found' }).int().min(0),
});

/** Behind requireAdmin: the test e-mail and the outbox. */
export function adminMailRoutes(service: MailService, brand: () => Promise<string>): Router {
  const router = Router();

  router.post('/test-email', async (_req, res) => {
    res.json(await service.sendTest(currentAdmin(res).email, await brand()));
  });

  router.get('/outbox', async (req, res) => {
    res.json(await service.list(parse(OutboxListQuerySchema, req.query)));
  });

  router.get('/outbox/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.get(req.params.id));
  });

  router.post('/outbox/:id/send', async (req: Request<{ id: string }>, res) => {
    res.json(await service.sendAgain(req.params.id, actorOf(currentAdmin(res))));
  });

  router.get(
    '/outbox/:id/attachments/:index',
    async (req: Request<{ id: string; index: string }>, res) => {
      const { index } = parse(AttachmentParams, req.params);
      const file = await service.attachment(req.params.id, index);
      res.attachment(file.filename).type(file.contentType).send(file.content);
    },
  );

  return router;
}

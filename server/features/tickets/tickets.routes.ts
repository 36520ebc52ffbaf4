import { Router, type Request, type RequestHandler } from 'express';
import {
  AdminReplySchema,
  AdminTicketListQuerySchema,
  CreateTicketSchema,
  TicketListQuerySchema,
  TicketMessageSchema,
  UpdateTicketStatusSchema,
} from '@shared/schemas/tickets';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { actorOf } from '../../lib/audit-trail';
import { multipartForm, uploadedFiles } from '../../lib/multipart';
import { parse } from '../../lib/validate';
import type { AttachmentService } from '../attachments/attachments.service';
import type { TicketService } from './tickets.service';

type UploadLimits = Pick<AttachmentService, 'limits'>;

/**
 * The signed-in client's own tickets. `notifying`: the limit on client actions that e-mail the
 * agency (a new ticket does; a message on it does not).
 */
export function ticketRoutes(
  service: TicketService,
  notifying: RequestHandler,
  files: UploadLimits,
): Router {
  const router = Router();
  // JSON, or a multipart form whose files go with the ticket or message.
  const form = multipartForm(() => files.limits());

  router.get('/tickets', requireUser, async (req, res) => {
    res.json(await service.list(currentUserId(req), parse(TicketListQuerySchema, req.query)));
  });

  router.get('/tickets/summary', requireUser, async (req, res) => {
    res.json(await service.summary(currentUserId(req)));
  });

  router.get('/tickets/response-time', requireUser, async (req, res) => {
    res.json(await service.responseTime(currentUserId(req)));
  });

  router.post('/tickets', requireUser, notifying, form, async (req, res) => {
    const input = parse(CreateTicketSchema, req.body);
    res.status(201).json(await service.create(currentUserId(req), input, uploadedFiles(res)));
  });

  router.get('/tickets/:id', requireUser, async (req: Request<{ id: string }>, res) => {
    res.json(await service.detail(currentUserId(req), req.params.id));
  });

  router.post(
    '/tickets/:id/messages',
    requireUser,
    form,
    async (req: Request<{ id: string }>, res) => {
      const { message } = parse(TicketMessageSchema, req.body);
      res
        .status(201)
        .json(
          await service.addClientMessage(
            currentUserId(req),
            req.params.id,
            message,
            uploadedFiles(res),
          ),
        );
    },
  );

  return router;
}

/** Behind requireAdmin: every client's tickets, replies and status. */
export function adminTicketRoutes(service: TicketService, files: UploadLimits): Router {
  const router = Router();
  const form = multipartForm(() => files.limits());

  router.get('/tickets', async (req, res) => {
    res.json(await service.adminList(parse(AdminTicketListQuerySchema, req.query)));
  });

  router.get('/tickets/summary', async (_req, res) => {
    res.json({ open: await service.openCount() });
  });

  router.get('/tickets/:id', async (req, res) => {
    res.json(await service.adminDetail(req.params.id));
  });

  router.post('/tickets/:id/messages', form, async (req: Request<{ id: string }>, res) => {
    const reply = parse(AdminReplySchema, req.body);
    res
      .status(201)
      .json(
        await service.reply(actorOf(currentAdmin(res)), req.params.id, reply, uploadedFiles(res)),
      );
  });

  router.patch('/tickets/:id', async (req, res) => {
    const change = parse(UpdateTicketStatusSchema, req.body);
    res.json(await service.update(actorOf(currentAdmin(res)), req.params.id, change));
  });

  return router;
}

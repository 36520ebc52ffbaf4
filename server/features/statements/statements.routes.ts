import { Router, type Request, type Response } from 'express';
import {
  EmailStatementSchema,
  StatementQuerySchema,
  StatementSettingsSchema,
} from '@shared/schemas/statements';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { StatementService } from './statements.service';

function sendPdf(res: Response, pdf: { filename: string; content: Buffer }) {
  res
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename=${pdf.filename}`)
    .set('Cache-Control', 'private, no-store')
    .set('X-Content-Type-Options', 'nosniff')
    .send(pdf.content);
}

/** The signed-in client's own statement. */
export function statementRoutes(service: StatementService): Router {
  const router = Router();
  router.get('/statement', requireUser, async (req, res) => {
    res.json(await service.own(currentUserId(req), parse(StatementQuerySchema, req.query)));
  });
  router.get('/statement.pdf', requireUser, async (req, res) => {
    sendPdf(res, await service.ownPdf(currentUserId(req), parse(StatementQuerySchema, req.query)));
  });
  return router;
}

/** Behind requireAdmin: each client's statement, its PDF and e-mail, and the monthly setting. */
export function adminStatementRoutes(service: StatementService): Router {
  const router = Router();
  router.get('/clients/:id/statement', async (req: Request<{ id: string }>, res) => {
    res.json(await service.forClient(req.params.id, parse(StatementQuerySchema, req.query)));
  });
  router.get('/clients/:id/statement.pdf', async (req: Request<{ id: string }>, res) => {
    const query = parse(StatementQuerySchema, req.query);
    sendPdf(res, await service.pdfForClient(req.params.id, query));
  });
  router.post('/clients/:id/statement/email', async (req: Request<{ id: string }>, res) => {
    const query = parse(EmailStatementSchema, req.body ?? {});
    res.json(await service.emailToClient(req.params.id, query, actorOf(currentAdmin(res))));
  });
  router.get('/settings/statements', async (_req, res) => {
    res.json(await service.getSettings());
  });
  router.put('/settings/statements', async (req, res) => {
    const values = parse(StatementSettingsSchema, req.body);
    res.json(await service.saveSettings(values, actorOf(currentAdmin(res))));
  });
  return router;
}

import { Router, type Request, type Response } from 'express';
import { CreateReportSchema } from '@shared/schemas/reports';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { ReportService } from './reports.service';

function sendPdf(res: Response, pdf: { filename: string; content: Buffer }) {
  res
    .type('application/pdf')
    .attachment(pdf.filename)
    .set('Cache-Control', 'private, no-store')
    .set('X-Content-Type-Options', 'nosniff')
    .send(pdf.content);
}

/** The signed-in client's own monthly reports. */
export function reportRoutes(service: ReportService): Router {
  const router = Router();
  router.get('/reports', requireUser, async (req, res) => {
    res.json(await service.listOwn(currentUserId(req)));
  });
  router.get('/reports/:id/pdf', requireUser, async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.pdfOwn(currentUserId(req), req.params.id));
  });
  return router;
}

/** Behind requireAdmin: each client's reports, made on demand and sent again. */
export function adminReportRoutes(service: ReportService): Router {
  const router = Router();

  router.get('/clients/:id/reports', async (req: Request<{ id: string }>, res) => {
    res.json(await service.listForClient(req.params.id));
  });

  // Makes the month's report (again) and e-mails it; the answer says what became of the e-mail.
  router.post('/clients/:id/reports', async (req: Request<{ id: string }>, res) => {
    const { month } = parse(CreateReportSchema, req.body);
    const made = await service.makeForClient(req.params.id, month, actorOf(currentAdmin(res)));
    res.status(201).json(made);
  });

  router.post('/reports/:id/send', async (req: Request<{ id: string }>, res) => {
    res.json(await service.sendAgain(req.params.id, actorOf(currentAdmin(res))));
  });

  router.get('/reports/:id/pdf', async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.pdf(req.params.id));
  });

  return router;
}

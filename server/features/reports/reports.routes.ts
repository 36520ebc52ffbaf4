import { Router, type Request, type Response } from 'express';
import { CreateReportSchema } from '@shared/schemas/reports';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { ReportService } from './reports.service';

/**
 * A report's PDF: downloaded by the client; opened in the browser for the admin, who reads a
 * report made before sending it (its file name is only letters, digits and dashes).
 */
function sendPdf(
  res: Response,
  pdf: { filename: string; content: Buffer },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  res
    .type('application/pdf')
    .set('Content-Disposition', `${disposition}; filename=${pdf.filename}`)
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

  // Makes the month's report (again) and holds it for the admin to read; nothing is e-mailed.
  router.post('/clients/:id/reports', async (req: Request<{ id: string }>, res) => {
    const { month } = parse(CreateReportSchema, req.body);
    const made = await service.makeForClient(req.params.id, month, actorOf(currentAdmin(res)));
    res.status(201).json(made);
  });

  // Send (a report made and read), or "Send again": e-mails it with its PDF.
  router.post('/reports/:id/send', async (req: Request<{ id: string }>, res) => {
    res.json(await service.sendAgain(req.params.id, actorOf(currentAdmin(res))));
  });

  router.get('/reports/:id/pdf', async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.pdf(req.params.id), 'inline');
  });

  return router;
}

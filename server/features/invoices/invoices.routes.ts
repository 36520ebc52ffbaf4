import { Router } from 'express';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import type { InvoiceService } from './invoices.service';

/** The signed-in client's billing history. */
export function clientInvoiceRoutes(service: InvoiceService): Router {
  const router = Router();
  router.get('/invoices', requireUser, async (req, res) => {
    res.json(await service.listForClient(currentUserId(req)));
  });
  return router;
}

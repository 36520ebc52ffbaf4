import { Router, type Request } from 'express';
import { WaiveLateFeeSchema } from '@shared/schemas/late-fees';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { BillingService } from './billing.service';

/** Behind requireAdmin: a late fee waived (its invoice voided with the reason). */
export function adminLateFeeRoutes(billing: Pick<BillingService, 'waiveLateFee'>): Router {
  const router = Router();
  router.post('/invoices/:id/waive-late-fee', async (req: Request<{ id: string }>, res) => {
    const { reason } = parse(WaiveLateFeeSchema, req.body);
    res.json(await billing.waiveLateFee(req.params.id, reason, actorOf(currentAdmin(res))));
  });
  return router;
}

import { Router } from 'express';
import { UpcomingRenewalsQuerySchema } from '@shared/schemas/renewals';
import { parse } from '../../lib/validate';
import type { BillingService } from './billing.service';

/** Behind requireAdmin: the renewals of the next 30 days and the invoice each will make. */
export function adminBillingRoutes(billing: BillingService): Router {
  const router = Router();
  router.get('/renewals/upcoming', async (req, res) => {
    res.json(await billing.upcomingRenewals(parse(UpcomingRenewalsQuerySchema, req.query)));
  });
  return router;
}

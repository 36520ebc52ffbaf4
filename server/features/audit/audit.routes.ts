import { Router } from 'express';
import { AuditQuerySchema } from '@shared/schemas/audit';
import { parse } from '../../lib/validate';
import type { AuditService } from './audit.service';

/** Behind requireAdmin: the audit log, read only (no route changes or deletes a row). */
export function adminAuditRoutes(service: AuditService): Router {
  const router = Router();
  router.get('/audit', async (req, res) => {
    res.json(await service.list(parse(AuditQuerySchema, req.query)));
  });
  return router;
}

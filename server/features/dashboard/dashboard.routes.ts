import { Router } from 'express';
import type { DashboardService } from './dashboard.service';

/** Behind requireAdmin. */
export function adminDashboardRoutes(service: DashboardService): Router {
  const router = Router();
  router.get('/setup-checklist', async (_req, res) => {
    res.json(await service.setupChecklist());
  });
  router.get('/dashboard-stats', async (_req, res) => {
    res.json(await service.stats());
  });
  router.get('/dashboard-trends', async (_req, res) => {
    res.json(await service.trends());
  });
  router.get('/dashboard-response-times', async (_req, res) => {
    res.json(await service.responseTimes());
  });
  return router;
}

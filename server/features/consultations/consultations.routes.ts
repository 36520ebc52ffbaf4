import { Router, type Request } from 'express';
import {
  ConsultationListQuerySchema,
  LeadFormSchema,
  NewConsultationSchema,
  UpdateConsultationSchema,
} from '@shared/schemas/consultations';
import { clientIp, createRateLimiter } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { parse } from '../../lib/validate';
import type { ConsultationService } from './consultations.service';

const WINDOW_MS = 60 * 60 * 1000;
const MAX_PER_WINDOW = 5;

export function consultationRoutes(
  service: ConsultationService,
  rateLimits: RateLimitCounters,
): Router {
  const router = Router();
  const limit = createRateLimiter(rateLimits, {
    name: 'consultation-request',
    windowMs: WINDOW_MS,
    limit: MAX_PER_WINDOW,
    key: clientIp,
    message: 'Too many requests from your connection. Please try again in an hour.',
  });

  router.post('/consultations', limit, async (req, res) => {
    await service.request(parse(LeadFormSchema, req.body));
    // The same answer whether kept or dropped, so a bot learns nothing.
    res.status(201).json({
      message:
        "Thank you for your interest! We'll be in touch soon to schedule your free consultation.",
    });
  });
  return router;
}

/** Behind requireAdmin: the requests the landing page received. */
export function adminConsultationRoutes(service: ConsultationService): Router {
  const router = Router();
  router.get('/consultations', async (req, res) => {
    res.json(await service.list(parse(ConsultationListQuerySchema, req.query)));
  });
  router.post('/consultations', async (req, res) => {
    res.status(201).json(await service.create(parse(NewConsultationSchema, req.body)));
  });
  router.get('/consultations/summary', async (_req, res) => {
    res.json({ new: await service.newCount() });
  });
  router.get('/consultations/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.get(req.params.id));
  });
  router.patch('/consultations/:id', async (req: Request<{ id: string }>, res) => {
    const { status } = parse(UpdateConsultationSchema, req.body);
    res.json(await service.setStatus(req.params.id, status));
  });
  return router;
}

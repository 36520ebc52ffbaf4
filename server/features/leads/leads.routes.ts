import { Router, type Request } from 'express';
import {
  CitySuggestionsQuerySchema,
  MarketingSearchSchema,
  SearchListQuerySchema,
} from '@shared/schemas/leads';
import { existingId } from '../../lib/ids';
import { parse } from '../../lib/validate';
import type { LeadService } from './leads.service';

/** Behind requireAdmin: the marketing tool's searches, bulk jobs and kept results. */
export function adminLeadRoutes(service: LeadService): Router {
  const router = Router();

  router.get('/marketing-tool/cities', async (req, res) => {
    res.json(await service.cities(parse(CitySuggestionsQuerySchema, req.query)));
  });

  router.post('/marketing-tool/search', async (req, res) => {
    const result = await service.search(parse(MarketingSearchSchema, req.body));
    if ('jobId' in result) res.status(202).json(result);
    else res.json(result);
  });

  router.get('/marketing-tool/jobs/:id', async (req: Request<{ id: string }>, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json(await service.job(existingId(req.params.id, 'Search not found')));
  });

  router.post('/marketing-tool/jobs/:id/cancel', async (req: Request<{ id: string }>, res) => {
    res.json(await service.cancel(existingId(req.params.id, 'Search not found')));
  });

  router.get('/marketing-tool/searches', async (req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json(await service.list(parse(SearchListQuerySchema, req.query)));
  });

  router.get('/marketing-tool/searches/:id/leads', async (req: Request<{ id: string }>, res) => {
    res.json(await service.leads(existingId(req.params.id, 'Search not found')));
  });

  router.get(
    '/marketing-tool/searches/:id/leads/:leadId',
    async (req: Request<{ id: string; leadId: string }>, res) => {
      res.json(
        await service.lead(existingId(req.params.id, 'Search not found'), req.params.leadId),
      );
    },
  );

  return router;
}

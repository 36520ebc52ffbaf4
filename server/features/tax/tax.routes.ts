import { Router, type Request } from 'express';
import {
  ClientTaxSettingsSchema,
  CreateTaxRateSchema,
  UpdateTaxRateSchema,
} from '@shared/schemas/tax';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { TaxService } from './tax.service';

/** Behind requireAdmin: the tax rates (Settings) and how each client is taxed (client page). */
export function adminTaxRoutes(service: TaxService): Router {
  const router = Router();

  router.get('/tax-rates', async (req, res) => {
    res.json(await service.list(req.query.retired === 'true'));
  });
  router.post('/tax-rates', async (req, res) => {
    const input = parse(CreateTaxRateSchema, req.body);
    res.status(201).json(await service.create(actorOf(currentAdmin(res)), input));
  });
  router.patch('/tax-rates/:id', async (req: Request<{ id: string }>, res) => {
    const patch = parse(UpdateTaxRateSchema, req.body);
    res.json(await service.update(actorOf(currentAdmin(res)), req.params.id, patch));
  });
  router.post('/tax-rates/:id/retire', async (req: Request<{ id: string }>, res) => {
    res.json(await service.retire(actorOf(currentAdmin(res)), req.params.id));
  });
  router.delete('/tax-rates/:id', async (req: Request<{ id: string }>, res) => {
    await service.remove(actorOf(currentAdmin(res)), req.params.id);
    res.status(204).end();
  });

  router.get('/clients/:id/tax', async (req: Request<{ id: string }>, res) => {
    res.json(await service.clientSettings(req.params.id));
  });
  router.put('/clients/:id/tax', async (req: Request<{ id: string }>, res) => {
    const input = parse(ClientTaxSettingsSchema, req.body);
    res.json(await service.saveClientSettings(actorOf(currentAdmin(res)), req.params.id, input));
  });
  return router;
}

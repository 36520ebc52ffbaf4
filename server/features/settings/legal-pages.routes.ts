import { Router, type Request } from 'express';
import { LegalPageParamsSchema, SaveLegalPageSchema } from '@shared/schemas/legal-pages';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { LegalPages } from './legal-pages';

/** privacy or terms; any other name is a page that does not exist. */
function pageOf(req: Request<{ page: string }>) {
  const parsed = LegalPageParamsSchema.safeParse(req.params);
  if (!parsed.success) throw new AppError(404, parsed.error.issues[0]!.message);
  return parsed.data.page;
}

/** GET /api/legal-pages/{page}: /privacy's and /terms' text, for everyone. */
export function publicLegalPageRoutes(pages: LegalPages): Router {
  const router = Router();
  router.get('/legal-pages/:page', async (req: Request<{ page: string }>, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await pages.get(pageOf(req)));
  });
  return router;
}

/** Behind requireAdmin: the owner reads and edits the texts (Settings' Legal pages card). */
export function adminLegalPageRoutes(pages: LegalPages): Router {
  const router = Router();
  router.get('/legal-pages/:page', async (req: Request<{ page: string }>, res) => {
    res.json(await pages.adminPage(pageOf(req)));
  });
  router.put('/legal-pages/:page', async (req: Request<{ page: string }>, res) => {
    const page = pageOf(req);
    const { markdown } = parse(SaveLegalPageSchema, req.body);
    res.json(await pages.save(page, markdown, actorOf(currentAdmin(res))));
  });
  return router;
}

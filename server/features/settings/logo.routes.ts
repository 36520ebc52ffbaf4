import { Router } from 'express';
import { LOGO_MAX_BYTES } from '@shared/schemas/settings';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { multipartForm, uploadedFiles } from '../../lib/multipart';
import type { BrandLogo } from './logo';

/** Behind requireAdmin: the logo on the PDFs, uploaded (a multipart form), shown and removed. */
export function adminLogoRoutes(logo: BrandLogo): Router {
  const router = Router();
  const form = multipartForm(async () => ({
    maxFileBytes: LOGO_MAX_BYTES,
    maxMessageBytes: LOGO_MAX_BYTES,
  }));

  router.get('/settings/logo', async (_req, res) => {
    res.json(await logo.get());
  });
  router.get('/settings/logo/image', async (_req, res) => {
    const image = await logo.image();
    if (!image) throw new AppError(404, 'No logo uploaded');
    res
      .type('image/png')
      .set('Cache-Control', 'private, no-cache')
      .set('X-Content-Type-Options', 'nosniff')
      .send(image);
  });
  router.put('/settings/logo', form, async (_req, res) => {
    res.json(await logo.upload(uploadedFiles(res), actorOf(currentAdmin(res))));
  });
  router.delete('/settings/logo', async (_req, res) => {
    res.json(await logo.remove(actorOf(currentAdmin(res))));
  });
  return router;
}

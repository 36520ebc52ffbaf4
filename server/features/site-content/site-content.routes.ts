import { Router, type Request } from 'express';
import { SiteContentSchema } from '@shared/schemas/site-content';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { multipartForm, uploadedFiles } from '../../lib/multipart';
import { parse } from '../../lib/validate';
import type { SiteContentService } from './site-content.service';
import { SITE_IMAGE_MAX_BYTES } from './site-images';

/** Behind requireAdmin: the owner edits, publishes and restores the landing page's words. */
export function adminSiteContentRoutes(service: SiteContentService): Router {
  const router = Router();
  const form = multipartForm(async () => ({
    maxFileBytes: SITE_IMAGE_MAX_BYTES,
    maxMessageBytes: SITE_IMAGE_MAX_BYTES,
  }));

  router.get('/site-content', async (_req, res) => {
    res.json(await service.admin());
  });
  router.put('/site-content', async (req, res) => {
    const content = parse(SiteContentSchema, req.body);
    res.json(await service.saveDraft(content, actorOf(currentAdmin(res))));
  });
  router.post('/site-content/publish', async (_req, res) => {
    res.json(await service.publish(actorOf(currentAdmin(res))));
  });
  router.post('/site-content/restore', async (_req, res) => {
    res.json(await service.restore(actorOf(currentAdmin(res))));
  });
  router.post('/site-images', form, async (_req, res) => {
    res.status(201).json(await service.uploadImage(uploadedFiles(res), actorOf(currentAdmin(res))));
  });
  return router;
}

/**
 * For everyone: the uploaded images' variants (never changed once stored, so cached for a
 * year), and the published words with the plans for a page that came without them.
 */
export function publicSiteContentRoutes(service: SiteContentService): Router {
  const router = Router();
  router.get('/site-images/:id/:file', async (req: Request<{ id: string; file: string }>, res) => {
    const { bytes, contentType } = await service.imageVariant(req.params.id, req.params.file);
    res.set({
      'Content-Type': contentType,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(bytes);
  });
  router.get('/site-content', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await service.snapshot());
  });
  return router;
}

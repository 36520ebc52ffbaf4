import { Router, type Request, type Response } from 'express';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import type { AttachmentService } from './attachments.service';

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 with RFC 5987's encoding). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function sendFile(
  res: Response,
  file: { filename: string; contentType: string; bytes: Buffer },
): void {
  // Always a download, never a page of our origin: an HTML or SVG file cannot run here.
  res.set({
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': contentDisposition(file.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  res.end(file.bytes);
}

/** The signed-in client's files (on their own tickets), and the limits the forms check. */
export function attachmentRoutes(service: AttachmentService): Router {
  const router = Router();

  router.get('/attachments/limits', async (_req, res) => {
    res.json(await service.limits());
  });

  router.get('/attachments/:id', requireUser, async (req: Request<{ id: string }>, res) => {
    sendFile(res, await service.download(req.params.id, { userId: currentUserId(req) }));
  });

  return router;
}

/** Behind requireAdmin: any ticket's files. */
export function adminAttachmentRoutes(service: AttachmentService): Router {
  const router = Router();

  router.get('/attachments/:id', async (req: Request<{ id: string }>, res) => {
    sendFile(res, await service.download(req.params.id, { admin: true }));
  });

  return router;
}

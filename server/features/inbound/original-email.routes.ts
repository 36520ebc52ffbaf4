import { Router, type Request } from 'express';
import type { OriginalEmails } from './original-email';

/**
 * Behind requireAdmin: the full original of a message that came by e-mail (the thread shows
 * it without quoted history and signature), as JSON text, never HTML.
 */
export function adminOriginalEmailRoutes(originalEmail: OriginalEmails): Router {
  const router = Router();

  router.get('/tickets/:id/original', async (req: Request<{ id: string }>, res) => {
    res.json(await originalEmail(req.params.id, null));
  });

  router.get(
    '/tickets/:id/messages/:messageId/original',
    async (req: Request<{ id: string; messageId: string }>, res) => {
      res.json(await originalEmail(req.params.id, req.params.messageId));
    },
  );

  return router;
}

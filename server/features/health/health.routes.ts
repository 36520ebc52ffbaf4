import { Router } from 'express';

export function healthRoutes(ping: () => Promise<void>): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await withTimeout(ping(), 2000);
      res.json({ status: 'ok', db: 'ok' });
    } catch {
      res.status(503).json({ status: 'degraded', db: 'down' });
    }
  });
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

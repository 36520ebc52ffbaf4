import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET that is not an API or provider path (history routing).
 */
export function spaRoutes(distDir: string): Router {
  const router = Router();
  const indexPath = path.join(distDir, 'index.html');

  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.get(/^(?!\/(?:api|oidc)(?:\/|$)).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!fs.existsSync(indexPath)) {
      res.status(503).type('text').send('The client has not been built yet: run `npm run build`.');
      return;
    }
    res.sendFile(indexPath);
  });
  return router;
}

// The practical ceiling for `npm run bench:api`: a bare Express app answering a small JSON
// body, on the same machine and Node.js as the product's server. WEB_CONCURRENCY > 1 runs it
// in that many processes sharing the port, as the product's server does.
import cluster from 'node:cluster';
import express from 'express';

const workers = Number(process.env.WEB_CONCURRENCY ?? 1);
const port = Number(process.env.PORT ?? 5099);

if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === workers) console.log(`hello world on ${port} (${workers} processes)`);
  });
  for (let n = 0; n < workers; n++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const app = express();
  app.disable('x-powered-by');
  app.get('/', (_req, res) => {
    res.json({ hello: 'world' });
  });
  app.listen(port, '127.0.0.1', () => {
    if (cluster.isPrimary) console.log(`hello world on ${port}`);
  });
}

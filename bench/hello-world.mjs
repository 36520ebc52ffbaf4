// The practical ceiling for `npm run bench:api`: a bare Express app answering a small JSON
// body, on the same machine and Node.js as the product's server.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const port = Number(process.env.PORT ?? 5099);
app.listen(port, '127.0.0.1', () => console.log(`hello world on ${port}`));

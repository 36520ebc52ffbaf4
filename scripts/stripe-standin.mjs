// `npm run stripe:standin`: tries card payments offline. Starts the Stripe stand-in the tests
// use (tests/support/stripe-stand-in.ts: Checkout pages with a Pay button, signed webhooks),
// then `npm run dev` wired to it, and prints the variables it set so they can be reused
// with `npm start`. Nothing reaches stripe.com.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const port = process.env.PORT ?? '5000';
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const standInPort = process.env.STRIPE_STANDIN_PORT ?? '12111';
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
  STRIPE_API_URL: `http://127.0.0.1:${standInPort}`,
};

console.log(
  [
    `Stripe stand-in on ${stripeEnv.STRIPE_API_URL}, sending webhooks to ${appUrl}/api/webhooks/stripe.`,
    'The app starts with:',
    ...Object.entries(stripeEnv).map(([name, value]) => `  ${name}=${value}`),
    `Open ${appUrl}: an invoice's "Pay now" leads to the stand-in's Checkout page, whose Pay button pays it.`,
  ].join('\n'),
);

const children = [
  spawn(
    'npx',
    [
      'tsx',
      'tests/support/stripe-stand-in-server.ts',
      standInPort,
      `${appUrl}/api/webhooks/stripe`,
    ],
    { stdio: 'inherit', env: { ...process.env, ...stripeEnv } },
  ),
  spawn('node', ['scripts/dev.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ...stripeEnv, PORT: port, APP_URL: appUrl },
  }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);

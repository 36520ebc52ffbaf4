// The Stripe stand-in as a process of its own, for the browser tests (playwright.config.ts):
// `tsx tests/support/stripe-stand-in-server.ts PORT WEBHOOK_URL`, the secret in
// STRIPE_WEBHOOK_SECRET.
import { startStripeStandIn } from './stripe-stand-in';

const port = Number(process.argv[2]);
const webhookUrl = process.argv[3];
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!Number.isInteger(port) || port <= 0 || !webhookUrl || !webhookSecret) {
  throw new Error('usage: STRIPE_WEBHOOK_SECRET=… stripe-stand-in-server.ts PORT WEBHOOK_URL');
}
const standIn = await startStripeStandIn({ webhookSecret, webhookUrl, port });
console.warn(`Stripe stand-in at ${standIn.url}, webhooks to ${webhookUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

// scripts/test.mjs picks a free port and a fresh data directory; running `playwright test`
// directly falls back to these. Workers inherit the environment set here by the main process.
const port = Number((process.env.E2E_PORT ??= '5179'));
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-')));
export const baseURL = `http://localhost:${port}`;
/** Local stand-ins for Overpass and business websites (tests/support/lead-stand-ins.ts). */
const standInsPort = Number((process.env.E2E_STAND_INS_PORT ??= String(port + 1)));
/** A local stand-in of Stripe's API, checkout page and customer portal (tests/support/stripe-stand-in.ts). */
const stripePort = Number((process.env.E2E_STRIPE_PORT ??= String(port + 2)));
export const E2E_STRIPE_URL = `http://127.0.0.1:${stripePort}`;
/** The mail server (tests/support/smtp-stand-in-server.ts) and the port that tells it what to refuse. */
const smtpPort = Number((process.env.E2E_SMTP_PORT ??= String(port + 3)));
const smtpControlPort = Number((process.env.E2E_SMTP_CONTROL_PORT ??= String(port + 4)));
export const E2E_SMTP_CONTROL_URL = `http://127.0.0.1:${smtpControlPort}`;
// A test-only signing secret shared by the stand-in and the app; it guards nothing real.
const stripeWebhookSecret = 'whsec_e2e_stand_in';

export const E2E_ADMIN = {
  email: 'owner@e2e.test',
  password: 'e2e-admin-password',
  firstName: 'Morgan',
};

/**
 * The shared admin's session, signed in once by tests/e2e/admin-session.setup.ts and restored
 * by the tests that need the admin (the password sign-in itself has tests of its own).
 */
export const ADMIN_SESSION_FILE = path.join(dataDir, 'e2e-admin-session.json');

/** Lets tests add admins of their own through POST /api/admin/setup. */
export const E2E_SETUP_TOKEN = 'e2e-setup-token-0123456789';
/** The Postmark inbound webhook's basic auth: the browser tests bring mail in through it. */
export const E2E_POSTMARK = { user: 'e2e-postmark', password: 'e2e-postmark-password' };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'admin session', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['admin session'] },
  ],
  webServer: [
    {
      command: `npx tsx tests/support/lead-stand-ins.ts ${standInsPort}`,
      port: standInsPort,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx tests/support/stripe-stand-in-server.ts ${stripePort} ${baseURL}/api/webhooks/stripe`,
      port: stripePort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STRIPE_WEBHOOK_SECRET: stripeWebhookSecret },
    },
    {
      command: `npx tsx tests/support/smtp-stand-in-server.ts ${smtpPort} ${smtpControlPort}`,
      url: `${E2E_SMTP_CONTROL_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The admin comes from the real CLI, then the built server starts on a fresh database.
      command: [
        `npx tsx server/cli/admin-create.ts --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --first-name ${E2E_ADMIN.firstName}`,
        'node dist/server/index.js',
      ].join(' && '),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // 'test' only because the website analyser and the site checks may reach the loopback stand-ins (refused in production).
        NODE_ENV: 'test',
        ADMIN_SETUP_TOKEN: E2E_SETUP_TOKEN,
        OVERPASS_URL: `http://127.0.0.1:${standInsPort}/api/interpreter`,
        OUTBOUND_ALLOW_LOOPBACK: 'true',
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_URL: E2E_STRIPE_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // A refused message waits for 'Send again' rather than a retry in the background.
        MAIL_RETRY_ATTEMPTS: '1',
        // The browser tests receive no mail over SMTP; several runs may share the machine.
        INBOUND_SMTP_PORT: 'off',
        // Sender checks of inbound mail fail at once rather than ask the outside world.
        DNS_SERVERS: '127.0.0.1:9',
        // The site checks' domain look-ups (RDAP) fail at once too.
        RDAP_URL: 'http://127.0.0.1:9',
        RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:9/dns.json',
        POSTMARK_INBOUND_USER: E2E_POSTMARK.user,
        POSTMARK_INBOUND_PASSWORD: E2E_POSTMARK.password,
      },
    },
  ],
});

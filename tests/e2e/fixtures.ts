import fs from 'node:fs';
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import {
  ADMIN_SESSION_FILE,
  E2E_ADMIN,
  E2E_SMTP_CONTROL_URL,
  baseURL,
} from '../../playwright.config';
import { CODE_IN_TEXT } from '../support/browser-session';

/**
 * Every page fails its test on an uncaught error, a console error (React warnings...) or a
 * Content-Security-Policy violation, also one the page's code caught and the console never
 * shows. Failed resource loads are the network's business, asserted where they matter.
 */
export const test = base.extend<{ consoleErrors: string[] }, { adminApi: APIRequestContext }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await page.exposeFunction('reportCspViolation', (text: string) =>
        errors.push(`CSP violation: ${text}`),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation(text: string): void })
            .reportCspViolation;
          report(`${event.effectiveDirective} ${event.blockedURI} on ${location.href}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().startsWith('Failed to load resource')) return;
        errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'errors printed in the browser').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The API as the signed-in admin: to check what the product stored, or to act as the agency.
   * One per worker, on the session signed in once for the run.
   */
  adminApi: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({
        baseURL,
        storageState: ADMIN_SESSION_FILE,
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/**
 * Gives the page's browser the shared admin's session (signed in once for the run by
 * admin-session.setup.ts), without opening a screen.
 */
export async function restoreAdminSession(page: Page) {
  const { cookies } = JSON.parse(fs.readFileSync(ADMIN_SESSION_FILE, 'utf8')) as {
    cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
  };
  await page.context().addCookies(cookies);
}

/** The shared admin, signed in, on the dashboard. */
export async function signInAdmin(page: Page) {
  await restoreAdminSession(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The admin's sign-in form, as a person fills it in; ends on the dashboard. */
export async function signInAdminThroughForm(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/**
 * Creates a client account on the built-in provider's pages and signs in through the real
 * OpenID flow; ends on the portal dashboard. The provider's forms are posted by the page's own
 * request context (its cookies are the browser's) rather than drawn: client-sign-in.spec.ts
 * drives the same pages on screen.
 */
export async function signUpClient(
  page: Page,
  firstName = 'Camille',
  /** The address to sign up with (one a proposal was sent to); a new one by default. */
  { email: given }: { email?: string } = {},
): Promise<string> {
  const email =
    given ??
    uniqueEmail(
      firstName
        .normalize('NFD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase(),
    );
  const signIn = await page.request.get('/api/login');
  const signupPath = /href="([^"]*\/signup)"/.exec(await signIn.text())?.[1];
  expect(signupPath, 'the sign-in page links to Create account').toBeTruthy();
  const signUp = await page.request.get(new URL(signupPath!, signIn.url()).href);
  const codePage = await submitProviderForm(page, signUp, {
    firstName,
    lastName: 'Broussard',
    email,
    password: 'bayou-breeze-42',
  });
  expect(await codePage.text(), 'the code page').toContain('Check your e-mail');
  const signedIn = await submitProviderForm(page, codePage, { code: await mailedCode(email) });
  expect(new URL(signedIn.url()).pathname, 'back from the provider').toBe('/portal/dashboard');
  await page.goto('/portal/dashboard');
  await expect(page.getByRole('heading', { name: 'Client Portal', level: 1 })).toBeVisible();
  return email;
}

/** Posts the first form of a provider page with `fields` and its hidden inputs, as a browser would. */
async function submitProviderForm(
  page: Page,
  from: APIResponse,
  fields: Record<string, string>,
): Promise<APIResponse> {
  expect(from.status(), `${from.url()} answers`).toBe(200);
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(await from.text());
  expect(form, `a form on ${from.url()}`).toBeTruthy();
  const [, action = '', inner = ''] = form!;
  const params: Record<string, string> = {};
  for (const hidden of inner.matchAll(
    /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
  )) {
    params[hidden[1]!] = hidden[2]!;
  }
  const target = new URL(action.replace(/&amp;/g, '&'), from.url());
  const res = await page.request.post(target.href, {
    form: { ...params, ...fields },
    headers: { origin: target.origin },
  });
  expect(res.status(), `${target.pathname} answers`).toBe(200);
  return res;
}

/**
 * On the provider's "Check your e-mail" page: types the code mailed to `email`, read from the
 * mailbox it was delivered to.
 */
export async function enterMailedCode(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Code').fill(await mailedCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * What the e2e mail server (the SMTP stand-in) received for `email`, newest first: the
 * recipient's mailbox. The outbox hides the codes and links that open an account while a mail
 * server delivers them, so they are read here, where the recipient reads them.
 */
export async function mailbox(email: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${E2E_SMTP_CONTROL_URL}/messages?to=${encodeURIComponent(email)}`);
  expect(res.status, 'SMTP stand-in').toBe(200);
  return ((await res.json()) as Array<{ subject: string; text: string }>).reverse();
}

/** The newest text of `pattern`'s first group mailed to `email`, once it has arrived. */
export async function mailedMatch(email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await mailbox(email)).map((mail) => pattern.exec(mail.text)?.[1]).find(Boolean);
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The newest code mailed to `email` (a sign-up's or a password reset's). */
export function mailedCode(email: string): Promise<string> {
  return mailedMatch(email, CODE_IN_TEXT);
}

/**
 * The signed-in client (`page`) asks for a plan, and the agency records its first invoice sent
 * and paid: the plan is active. Answers the client's id.
 */
export async function activatePlan(
  page: Page,
  adminApi: APIRequestContext,
  email: string,
  planId: 'essentials' | 'signature' | 'prestige',
): Promise<string> {
  const requested = await page.request.post('/api/get-or-create-subscription', {
    data: { planId },
  });
  expect(requested.status()).toBe(200);
  const list = await (await adminApi.get('/api/admin/invoices', { params: { q: email } })).json();
  const invoice = list.items[0] as { id: string };
  for (const status of ['sent', 'paid']) {
    const res = await adminApi.patch(`/api/admin/invoices/${invoice.id}`, { data: { status } });
    expect(res.status(), `invoice ${status}`).toBe(200);
  }
  const clients = await (await adminApi.get('/api/admin/clients', { params: { q: email } })).json();
  return (clients.items[0] as { id: string }).id;
}

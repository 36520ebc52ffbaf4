import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_SMTP_CONTROL_URL } from '../../playwright.config';
import { CODE_IN_TEXT } from '../support/browser-session';

/**
 * Every page fails its test on an uncaught error, a console error (React warnings...) or a
 * Content-Security-Policy violation, also one the page's code caught and the console never
 * shows. Failed resource loads are the network's business, asserted where they matter.
 */
export const test = base.extend<{ consoleErrors: string[]; adminApi: APIRequestContext }>({
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
  /** The API as the signed-in admin: to check what the product stored, or to act as the agency. */
  adminApi: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    const res = await api.post('/api/admin/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(res.status(), 'admin sign-in').toBe(200);
    await use(api);
    await api.dispose();
  },
});

export { expect };

export async function signInAdmin(page: Page) {
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

/** Creates a client account on the built-in provider's pages; ends on the portal dashboard. */
export async function signUpClient(page: Page, firstName = 'Camille'): Promise<string> {
  const email = uniqueEmail(
    firstName
      .normalize('NFD')
      .replace(/[^a-z]/gi, '')
      .toLowerCase(),
  );
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Broussard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('bayou-breeze-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await enterMailedCode(page, email);
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  return email;
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

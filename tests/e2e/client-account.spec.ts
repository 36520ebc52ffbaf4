import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, mailedMatch, signInAdmin, signUpClient, test, uniqueEmail } from './fixtures';

/**
 * The client's account, walked on a phone, each screen read at 1280 and 390 px: the owner deactivates it (the client's sign-in
 * through the built-in provider is refused with the agency's address), then reactivates it
 * (the client signs in again); the client changes their e-mail in the portal with a code
 * mailed to the new address, and enters the code of a change the owner started. Each screen
 * is checked with axe and kept as a screenshot under test-results/client-account/.
 */

test.describe.configure({ timeout: 240_000 });

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const PASSWORD = 'bayou-breeze-42';

/** The phone, where the journeys are walked: its layout is the one that can break the clicks. */
const PHONE = SIZES[1];

/**
 * Checks the screen as it is (no sideways scroll, no axe violation) at each width and keeps
 * it as a screenshot of each, ending back on the phone.
 */
async function keepScreenshot(page: Page, testInfo: TestInfo, screen: string) {
  for (const size of SIZES) {
    const name = `${screen}-${size.name}`;
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, name);
    expect((await new AxeBuilder({ page }).analyze()).violations, name).toEqual([]);
    const file = `${testInfo.project.outputDir}/client-account/${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  }
}

/** A toast's text (the live region repeats it for screen readers). */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text);

async function clientIdOf(adminApi: APIRequestContext, email: string): Promise<string> {
  const clients = await (await adminApi.get('/api/admin/clients', { params: { q: email } })).json();
  return (clients.items[0] as { id: string }).id;
}

/** The newest e-mail-change code mailed to `email`, read from the mailbox it reached. */
function mailedChangeCode(email: string): Promise<string> {
  return mailedMatch(email, /(?:new e-mail address|on your account page): (\d{6})/);
}

/** Signs in on the built-in provider's page in a fresh browser; the page it ends on. */
async function signInFresh(browser: Browser, size: (typeof SIZES)[number], email: string) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto('/api/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('the owner deactivates a client, whose sign-in is refused, then reactivates them', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  const email = await signUpClient(page, 'Odile');
  await expect(page.getByText('Welcome Odile')).toBeVisible({ timeout: 30_000 });
  const clientId = await clientIdOf(adminApi, email);

  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto(`/admin/clients/${clientId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Odile Broussard' })).toBeVisible();
  await admin.getByRole('button', { name: 'Deactivate account' }).click();
  const asking = admin.getByRole('dialog', { name: 'Deactivate this account?' });
  await expect(asking).toContainText('Odile Broussard is signed out everywhere');
  await keepScreenshot(admin, testInfo, 'deactivate-dialog');
  await asking.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(
    toast(
      admin,
      "Odile Broussard's account is deactivated: they cannot sign in and were signed out everywhere.",
    ),
  ).toBeVisible();
  await expect(admin.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Reactivate account' })).toBeVisible();
  await keepScreenshot(admin, testInfo, 'client-deactivated');

  // The directory says so too.
  await admin.goto(`/admin/clients?q=${encodeURIComponent(email)}`);
  await expect(admin.getByText('Deactivated', { exact: true })).toBeVisible();
  await keepScreenshot(admin, testInfo, 'clients-list');

  // The client was signed out, and the real sign-in is refused with whom to ask.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const refused = await signInFresh(browser, PHONE, email);
  await expect(refused.getByRole('heading', { name: 'Account deactivated' })).toBeVisible();
  await expect(refused.getByRole('alert')).toHaveText('This account has been deactivated.');
  await expect(refused.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  expect((await refused.request.get('/api/auth/user')).status()).toBe(401);
  await keepScreenshot(refused, testInfo, 'sign-in-refused');
  await refused.context().close();

  // Reactivated, the client signs in again.
  await admin.goto(`/admin/clients/${clientId}`);
  await admin.getByRole('button', { name: 'Reactivate account' }).click();
  await admin
    .getByRole('dialog', { name: 'Reactivate this account?' })
    .getByRole('button', { name: 'Reactivate account' })
    .click();
  await expect(admin.getByRole('button', { name: 'Deactivate account' })).toBeVisible();
  const back = await signInFresh(browser, PHONE, email);
  await expect(back).toHaveURL(/\/portal\/dashboard$/);
  await expect(back.getByText('Welcome Odile')).toBeVisible({ timeout: 30_000 });
  await back.context().close();

  // The audit log names the client, linked to their page.
  await admin.goto('/admin/audit?kind=client.deactivated');
  const event = admin.getByTestId('audit-event').first();
  await expect(event.getByRole('link', { name: 'Odile Broussard' })).toHaveAttribute(
    'href',
    `/admin/clients/${clientId}`,
  );
  await expect(event).toContainText(`By ${E2E_ADMIN.email}`);
  await keepScreenshot(admin, testInfo, 'audit');
  await adminContext.close();
});

test('the client changes their e-mail in the portal with a mailed code', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  const email = await signUpClient(page, 'Maelle');
  await expect(page.getByText('Welcome Maelle')).toBeVisible({ timeout: 30_000 });
  const card = page.locator('#sign-in-email');
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  const newEmail = uniqueEmail('maelle.new');
  await card.getByLabel('New e-mail address').fill(newEmail);
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(card.getByText(`Enter the 6-digit code we sent to ${newEmail}.`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'portal-email-code');

  const code = await mailedChangeCode(newEmail);
  await card.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('That code is not right. You have 4 tries left.')).toBeVisible();
  await card.getByLabel('Code').fill(code);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    toast(page, `Your e-mail address is now ${newEmail}. Use it to sign in from now on.`),
  ).toBeVisible();
  await expect(card.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'portal-email-changed');

  // The new address signs in; the old one no longer does.
  const withNew = await signInFresh(browser, PHONE, newEmail);
  await expect(withNew).toHaveURL(/\/portal\/dashboard$/);
  await withNew.context().close();
  const withOld = await signInFresh(browser, PHONE, email);
  await expect(withOld.getByRole('alert')).toHaveText('Incorrect email or password.');
  await withOld.context().close();

  // A change the owner starts waits in the portal for the client's code.
  const third = uniqueEmail('maelle.third');
  const clientId = await clientIdOf(adminApi, newEmail);
  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto(`/admin/clients/${clientId}`);
  await admin.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = admin.getByRole('dialog', { name: "Change the client's e-mail" });
  await dialog.getByLabel('New e-mail address').fill(third);
  await keepScreenshot(admin, testInfo, 'admin-email-dialog');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    admin.getByText(`Waiting for the client to enter the code sent to ${third} in their portal.`),
  ).toBeVisible();
  await keepScreenshot(admin, testInfo, 'admin-email-pending');

  await page.reload();
  await expect(page.getByText(`Changing to ${third}:`)).toBeVisible({ timeout: 30_000 });
  await card.getByLabel('Code').fill(await mailedChangeCode(third));
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText(`You sign in with ${third}.`)).toBeVisible();
  await admin.reload();
  await expect(admin.getByText(`Signs in with ${third}`)).toBeVisible();
  await adminContext.close();
});

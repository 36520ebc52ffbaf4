import type { Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, mailedCode, restoreAdminSession, signUpClient, test } from './fixtures';

/**
 * A client who forgot their password gets back in through the built-in provider's real pages:
 * "Forgot password?" on the sign-in page, the code mailed to them (read from the mailbox the
 * e2e mail server delivered it to), a new password twice, and they are signed in; the
 * browser they left signed in elsewhere is signed out. Each new page is kept as a screenshot
 * on a desktop and a phone.
 */

// Two sign-ups, a reset and six screenshots: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Saves the page at both widths as test-results/forgot-password/<name>-<size>.png. */
async function keepScreenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectNoSidewaysScroll(page, `${name} at ${size.width} px`);
    const file = `${testInfo.project.outputDir}/forgot-password/${name}-${size.name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${size.name}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a client who forgot their password sets a new one with a mailed code and is signed in', async ({
  page,
  browser,
}, testInfo) => {
  const email = await signUpClient(page, 'Camille');
  await expect(page.getByText('Welcome Camille')).toBeVisible({ timeout: 30_000 });

  // On another device, signed out: "Forgot password?".
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const phone = await other.newPage();
  await phone.goto('/api/login');
  await expect(phone.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(phone.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await keepScreenshots(phone, testInfo, 'forgot');
  await phone.getByLabel('Email').fill(email);
  await phone.getByRole('button', { name: 'Send code' }).click();

  await expect(phone.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(phone.getByText(`If ${email} has a client portal account`)).toBeVisible();
  await keepScreenshots(phone, testInfo, 'reset');

  // The passwords must match; the code is kept for the next try.
  const code = await mailedCode(email);
  await phone.getByLabel('Code').fill(code);
  await phone.getByLabel('New password', { exact: true }).fill('harbour-light-77');
  await phone.getByLabel('Confirm new password').fill('harbour-light-78');
  await phone.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(phone.getByRole('alert')).toHaveText('The passwords do not match');

  await phone.getByLabel('Code').fill(code);
  await phone.getByLabel('New password', { exact: true }).fill('harbour-light-77');
  await phone.getByLabel('Confirm new password').fill('harbour-light-77');
  await phone.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(phone).toHaveURL(/\/portal\/dashboard$/);
  // The portal's first load on a busy machine can take a while.
  await expect(phone.getByText('Welcome Camille')).toBeVisible({ timeout: 30_000 });

  // The portal's Password card, for a built-in account.
  await phone.getByRole('button', { name: 'Change password' }).click();
  await expect(phone.getByLabel('Current password')).toBeFocused();
  await keepScreenshots(phone, testInfo, 'portal-password');

  // The first browser was signed out by the reset.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();
});

test('the owner sends a client a password-reset e-mail from the client page', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  const client = await browser.newContext();
  const email = await signUpClient(await client.newPage(), 'Amelie');
  await client.close();
  const clients = (await (
    await adminApi.get('/api/admin/clients', { params: { q: email } })
  ).json()) as { items: Array<{ id: string }> };

  await restoreAdminSession(page);
  await page.goto(`/admin/clients/${clients.items[0]!.id}`);
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send password reset e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset' })).toHaveText(
    `Password reset e-mail sent to ${email}.`,
  );
  await page.getByRole('heading', { name: 'Password' }).scrollIntoViewIfNeeded();
  await keepScreenshots(page, testInfo, 'admin-client-password');
});

import { generate } from 'otplib';
import { E2E_SETUP_TOKEN } from '../../playwright.config';
import { expect, test, uniqueEmail } from './fixtures';

/** The code an authenticator app would show, `offsetSeconds` from now. */
function codeFor(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

test('an admin turns on two-factor in the settings, then signs in with password and code, and the audit log shows it', async ({
  page,
  request,
}) => {
  // An admin of this test's own: the shared e2e admin keeps signing in with a password only.
  const email = uniqueEmail('two-factor');
  const password = 'two-factor-password-1';
  const created = await request.post('/api/admin/setup', {
    headers: { 'X-Admin-Setup-Token': E2E_SETUP_TOKEN },
    data: { email, password, firstName: 'Tess' },
  });
  expect(created.status()).toBe(201);

  const signInWithPassword = async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await signInWithPassword();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const card = page.getByRole('main');
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByLabel('Code from the app').fill(await codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('admin-recovery-codes.txt');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/10 of 10 recovery codes left/)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The password alone does not sign in: the code is asked for.
  await signInWithPassword();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid authentication code');
  // The enabling code's time step is used up: the next step's code, as the app shows it soon.
  await page.getByLabel('Authentication code').fill(await codeFor(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByLabel('Actor e-mail').fill(email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?actor=${encodeURIComponent(email)}$`));
  await expect(page.getByText('Showing 1-4 of 4')).toBeVisible();
  const kinds = page.getByTestId('audit-event').locator('span').first();
  await expect(kinds).toHaveText('Admin signed in');
  await expect(page.getByTestId('audit-event')).toHaveText([
    /Admin signed in.*factors: \["password","totp"\]/,
    /Admin sign-in failed.*step: two_factor/,
    /Two-factor turned on.*twoFactorEnabled: false → true/,
    /Admin signed in.*factors: \["password"\]/,
  ]);
});

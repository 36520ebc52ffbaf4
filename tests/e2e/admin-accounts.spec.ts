import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_RESET_REQUESTED, ADMIN_SETUP_FINISHED } from '@shared/schemas/admin-accounts';
import { E2E_SETUP_TOKEN } from '../../playwright.config';
import { startServerProcess } from '../support/server-process';
import { expect, mailedMatch, restoreAdminSession, test, uniqueEmail } from './fixtures';

/** The newest one-time link to `screen` mailed to `email`, read from the mailbox it reached. */
function mailedLink(email: string, screen: string): Promise<string> {
  return mailedMatch(email, new RegExp(`(https?://\\S+${screen}\\?token=[\\w-]+)`));
}

/** Screenshots of the screen at a desktop's and a phone's width, for a person to look at. */
async function shoot(page: Page, name: string) {
  const dir = path.join(os.tmpdir(), 'admin-accounts-screens');
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways, `${name} scrolls sideways at ${width} px`).toBe(false);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin who forgot their password sets a new one from the e-mailed link', async ({
  page,
  request,
}) => {
  // Four screens, each looked at and photographed at two widths.
  test.setTimeout(90_000);
  const email = uniqueEmail('forgot');
  const created = await request.post('/api/admin/setup', {
    headers: { 'X-Admin-Setup-Token': E2E_SETUP_TOKEN },
    data: { email, password: 'the forgotten password', firstName: 'Remy' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await shoot(page, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(ADMIN_RESET_REQUESTED);

  const link = await mailedLink(email, '/admin/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my new passphrase');
  await page.getByLabel('Confirm new password').fill('not the same');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await shoot(page, 'reset-password');
  await page.getByLabel('Confirm new password').fill('my new passphrase');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not valid or has expired. Ask for a new one from the sign-in page.',
  );
  const signIn = await request.post('/api/admin/login', {
    data: { email, password: 'my new passphrase' },
  });
  expect(signIn.status()).toBe(200);
});

test('an admin invites another from Settings, who joins with the e-mailed link', async ({
  page,
  browser,
}) => {
  // Two people's pages, each looked at and photographed at two widths.
  test.setTimeout(90_000);
  const email = uniqueEmail('invited');
  await restoreAdminSession(page);
  await page.goto('/admin/settings');
  const card = page.getByRole('main');
  await expect(card.getByText('X-Admin-Setup-Token')).toHaveCount(0);
  await card.getByLabel('Invite an admin by e-mail').fill(email);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(card.getByRole('region', { name: 'Pending invitations' })).toContainText(email);
  await card.getByRole('heading', { name: 'Admins' }).scrollIntoViewIfNeeded();
  await shoot(page, 'settings-admins');

  const link = await mailedLink(email, '/admin/accept-invite');
  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(`The invitation is for ${email}.`)).toBeVisible();
  await shoot(invitee, 'accept-invite');
  await invitee.getByLabel('First name').fill('Noor');
  await invitee.getByLabel('Last name').fill('Haddad');
  await invitee.getByLabel('New password', { exact: true }).fill('invited passphrase');
  await invitee.getByLabel('Confirm new password').fill('invited passphrase');
  await invitee.getByRole('button', { name: 'Create my admin account' }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  await invitee.close();

  await page.reload();
  await expect(card.getByText(`${email} · since`)).toBeVisible();
  await expect(card.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
});

test('the setup page is gone once an admin exists', async ({ page }) => {
  await page.goto('/admin/setup?token=any-token');
  await expect(page.getByRole('alert')).toHaveText(ADMIN_SETUP_FINISHED);
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test('a fresh install prints a setup link that creates the first admin once', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-first-admin-'));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    { built: true },
  );
  try {
    const printed = /Open (\S+\/admin\/setup\?token=[\w-]+) to create the first one/.exec(
      server.output(),
    );
    expect(printed, server.output()).not.toBeNull();
    const link = printed![1]!;
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible();
    await shoot(page, 'first-admin-setup');
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('New password', { exact: true }).fill('first admin passphrase');
    await page.getByLabel('Confirm new password').fill('first admin passphrase');
    await page.getByRole('button', { name: 'Create admin account' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(ADMIN_SETUP_FINISHED);
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

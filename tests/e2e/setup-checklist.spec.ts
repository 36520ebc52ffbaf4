import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { PROCESS_ADMIN, startServerProcess } from '../support/server-process';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, test } from './fixtures';

/**
 * A fresh install's set-up checklist on the admin dashboard, at a desktop's and a phone's
 * width. The shared e2e server has clients, settings and stand-ins from the other tests, so
 * this one starts a server of its own on a new data directory, with no SMTP and no Stripe:
 * every step is still to do. Screenshots are kept in test-results/setup-checklist/.
 */

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `test-results/setup-checklist/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('the dashboard of a fresh install lists what is left to set up', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-setup-checklist-'));
  const server = await startServerProcess({ DATA_DIR: dataDir }, { built: true });
  try {
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(PROCESS_ADMIN.email);
    await page.getByLabel('Password').fill(PROCESS_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const checklist = page.getByRole('region', { name: 'Set up your studio' });
    await expect(checklist).toBeVisible();
    for (const step of [
      'Business details',
      'How clients pay',
      'Outgoing mail',
      'Privacy policy and terms',
      'First client',
    ]) {
      await expect(checklist.getByText(`${step}: not done`)).toBeAttached();
    }
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page, `the dashboard's checklist (${name})`);
      await keepScreenshot(page, testInfo, `dashboard-${name}`);
    }

    await checklist.getByRole('link', { name: 'Open Settings' }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import type { Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, signInAdmin, test } from './fixtures';

/**
 * A fresh install's set-up checklist on the admin dashboard, at a desktop's and a phone's
 * width. Screenshots are kept in test-results/setup-checklist/. This server has Stripe and
 * SMTP (the stand-ins), so payments and mail are done; details and a first client are not.
 */

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = `test-results/setup-checklist/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the dashboard guides a fresh install to its settings (${name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInAdmin(page);
    const checklist = page.getByRole('region', { name: 'Set up your studio' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('Business details: not done')).toBeAttached();
    await expect(checklist.getByText('How clients pay: done')).toBeAttached();
    await expect(checklist.getByText('Outgoing mail: done')).toBeAttached();
    await expect(checklist.getByText('First client: not done')).toBeAttached();
    await expectNoSidewaysScroll(page, `the dashboard (${name})`);
    await keepScreenshot(page, testInfo, `dashboard-${name}`);

    await checklist.getByRole('link', { name: 'Open Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
  });
}

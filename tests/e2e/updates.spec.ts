import type { Page } from '@playwright/test';
import { formatMonthName, monthIn } from '@shared/dates';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { atBothWidths, PHONE, DESKTOP } from '../support/both-widths';
import { activatePlan, expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * The updates an Essentials plan includes (issue 28): the client asks for two website updates
 * and sees the meter before each ("0 of 1 update used in November", then beyond the plan at
 * $75.00); the owner sees the same meter on the client's page, bills the second one in one
 * click and finds "Extra update: <subject>" on the client's draft invoice. Screens at 390 and
 * 1280 px, axe clean, nothing sideways.
 */

async function askForUpdate(page: Page, subject: string) {
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill(`Please ${subject.toLowerCase()} on the website.`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Website update', { exact: true })).toBeVisible();
}

test('a client asks for updates against the meter; the owner bills the extra one', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  test.setTimeout(180_000);
  // The month the meter counts in: the business time zone's (BILLING_TIMEZONE, unset here).
  const month = formatMonthName(monthIn(new Date(), 'America/Chicago'));
  const email = await signUpClient(page, 'Odile');
  const clientId = await activatePlan(page, adminApi, email, 'essentials');

  // The first update: within the plan.
  await page.goto('/portal/support/new');
  const kinds = page.getByRole('group', { name: 'What do you need?' });
  await expect(kinds.getByRole('radio', { name: /Question or problem/ })).toBeChecked();
  await kinds.getByRole('radio', { name: /Website update/ }).check();
  await expect(kinds.getByText(`0 of 1 update used in ${month}`)).toBeVisible();
  await expect(kinds.getByText(/beyond your plan/)).toHaveCount(0);
  await askForUpdate(page, 'New opening hours');

  // The second: the form says, before it is sent, that it is beyond the plan and its price.
  await page.goto('/portal/support/new');
  await page.getByRole('radio', { name: /Website update/ }).check();
  await expect(page.getByText(`1 of 1 update used in ${month}`)).toBeVisible();
  await expect(
    page.getByText(
      "This request is beyond your plan's 1 update this month; it will be billed as an extra update at $75.00.",
    ),
  ).toBeVisible();
  await page.getByLabel('Subject').fill('Add the winter menu');
  await page.getByLabel('Description').fill('Please add the winter menu to the menu page.');
  await atBothWidths(page, testInfo, 'new-update-beyond-plan');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Add the winter menu' })).toBeVisible();

  // The dashboard's Support card carries the meter.
  await page.goto('/portal/dashboard');
  await expect(page.getByText(`2 of 1 update used in ${month} (1 beyond the plan)`)).toBeVisible();
  await atBothWidths(page, testInfo, 'dashboard');

  // The owner: the same meter on the client's page, and the extra one billed in one click.
  const admin = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await signInAdmin(admin);
  await admin.goto(`/admin/clients/${clientId}`);
  const card = admin.getByRole('heading', { name: 'Website updates' }).locator('../..');
  await expect(
    card.getByText(`Essentials: 2 of 1 update used in ${month} (1 beyond the plan)`),
  ).toBeVisible();
  const included = card.getByRole('listitem').filter({ hasText: 'New opening hours' });
  const extra = card.getByRole('listitem').filter({ hasText: 'Add the winter menu' });
  await expect(included.getByText('Included')).toBeVisible();
  await expect(extra.getByText('Beyond the plan')).toBeVisible();
  await atBothWidths(admin, testInfo, 'client-page-updates');

  await extra
    .getByRole('button', { name: 'Bill "Add the winter menu" as an extra update' })
    .click();
  const invoiceLink = extra.getByRole('link', { name: 'Billed: view invoice' });
  await expect(invoiceLink).toBeVisible();
  await expect(extra.getByRole('button')).toHaveCount(0);
  await admin.setViewportSize(PHONE);
  await card.screenshot({ path: testInfo.outputPath('client-page-updates-billed-390.png') });
  await admin.setViewportSize(DESKTOP);

  // The draft invoice holds the line at the price.
  await invoiceLink.click();
  await expect(admin).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  const line = admin.getByRole('row', { name: /Extra update: Add the winter menu/ });
  await expect(line).toBeVisible();
  await expect(line).toContainText('$75.00');
  await atBothWidths(admin, testInfo, 'draft-invoice');

  // A second click elsewhere (the API) is refused: billed once.
  const ticketId = (await (
    await adminApi.get(`/api/admin/clients/${clientId}/updates`)
  ).json()) as { requests: Array<{ ticketId: string; subject: string }> };
  const again = await adminApi.post(
    `/api/admin/tickets/${ticketId.requests.find((r) => r.subject === 'Add the winter menu')!.ticketId}/extra-update`,
  );
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Already billed on the draft invoice.');

  // Plans: where each plan's updates a month are set (issue 37); Settings keeps the price of
  // an extra one.
  await admin.goto('/admin/plans');
  const prestige = admin.getByRole('listitem').filter({
    has: admin.getByRole('heading', { name: 'Prestige', level: 2 }),
  });
  await expect(prestige).toContainText('Unlimited updates');
  await admin.setViewportSize(PHONE);
  await expectNoSidewaysScroll(admin, 'plans at 390 px');
  await admin.screenshot({ path: testInfo.outputPath('plans-updates-390.png') });
  await admin.setViewportSize(DESKTOP);
  await admin.goto('/admin/settings');
  const settings = admin.getByRole('heading', { name: 'Website Updates' }).locator('../..');
  await expect(settings.getByLabel(/extra update/i)).toHaveValue('75.00');
  await settings.screenshot({ path: testInfo.outputPath('settings-website-updates-1280.png') });
});

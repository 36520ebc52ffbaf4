import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import Papa from 'papaparse';
import { isHighPriority, type SearchLeads, type SearchRecord } from '@shared/schemas/leads';
import { expect, signInAdmin, test } from './fixtures';

const rows = (page: import('@playwright/test').Page) => page.getByTestId('lead-row');
const names = async (page: import('@playwright/test').Page) =>
  rows(page).locator('td:nth-child(2) .font-medium').allTextContents();
const scores = async (page: import('@playwright/test').Page) =>
  (await rows(page).locator('td:first-child span.rounded-full').allTextContents()).map(Number);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

test('a search from the form to the table: toast for missing fields, sort, paging, filter, dialog, export', async ({
  page,
  context,
  adminApi,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Marketing' }).click();
  await expect(page.getByRole('heading', { name: 'Marketing Tool' })).toBeVisible();
  await expect(
    page.getByText('Find and export business leads for marketing campaigns'),
  ).toBeVisible();

  const searchesBefore = (
    (await (await adminApi.get('/api/admin/marketing-tool/searches')).json()) as SearchRecord[]
  ).length;
  await page.getByRole('button', { name: 'Search Leads' }).click();
  await expect(page.getByText('Missing required fields', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please fill in city and business type', { exact: true }),
  ).toBeVisible();
  expect(
    ((await (await adminApi.get('/api/admin/marketing-tool/searches')).json()) as SearchRecord[])
      .length,
  ).toBe(searchesBefore);

  await expect(page.getByLabel('City*')).toBeDisabled();
  await expect(page.getByLabel('City*').locator('option').first()).toHaveText('Select state first');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').selectOption('Baton Rouge');
  await page.getByLabel('Business Type*').selectOption('Restaurant');
  await page.getByRole('button', { name: 'Search Leads' }).click();
  const caption = page.getByRole('heading', { name: /Found \d+ business leads/ });
  await expect(caption).toBeVisible({ timeout: 20_000 });
  const total = Number(/Found (\d+)/.exec((await caption.textContent())!)![1]);
  expect(total).toBeGreaterThan(20);
  await expect(page.getByText('© OpenStreetMap contributors (ODbL)')).toBeVisible();

  // The pointer still rests on the Search button: its hover shade is checked too.
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Default: 20 rows, best score first.
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText(`Showing 1 - 20 of ${total} results`)).toBeVisible();
  const byScore = await scores(page);
  expect(byScore).toEqual([...byScore].sort((a, b) => b - a));

  // Sorting really sorts the rows.
  await page.getByRole('button', { name: 'Business Name' }).click();
  const ascending = await names(page);
  expect(ascending).toEqual([...ascending].sort(collator.compare));
  await page.getByRole('button', { name: 'Business Name' }).click();
  const descending = await names(page);
  expect(descending).toEqual([...descending].sort(collator.compare).reverse());
  await page.getByRole('button', { name: 'Lead Score' }).click();
  const lowFirst = await scores(page);
  expect(lowFirst).toEqual([...lowFirst].sort((a, b) => a - b));

  // Paging and page size.
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(`Showing 21 - ${Math.min(40, total)} of ${total} results`),
  ).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(
    page.getByText(`Showing 1 - ${Math.min(50, total)} of ${total} results`),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(50, total));

  // High-priority filter, checked against the stored rows.
  const [latest] = (await (
    await adminApi.get('/api/admin/marketing-tool/searches')
  ).json()) as SearchRecord[];
  const stored = (await (
    await adminApi.get(`/api/admin/marketing-tool/searches/${latest!.id}/leads`)
  ).json()) as SearchLeads;
  const highPriority = stored.leads.filter(isHighPriority).length;
  await page.getByLabel('Show High Priority Leads Only').check();
  await expect(
    page.getByText(
      `Showing ${highPriority ? 1 : 0} - ${Math.min(50, highPriority)} of ${highPriority} high priority leads`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'High-priority summary' })).toContainText(
    `${highPriority}High priority leads`,
  );
  // Best first again: the score-70 rows lead, red with their badge.
  await page.getByRole('button', { name: 'Lead Score' }).click();
  const highRows = rows(page).filter({ has: page.getByText('HIGH PRIORITY') });
  expect(await highRows.count()).toBeGreaterThan(0);
  await expect(highRows.first()).toHaveClass(/bg-red-50/);

  // A row's dialog.
  await rows(page).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Comprehensive Lead Score Analysis')).toBeVisible();
  await expect(dialog.getByText('Comprehensive Website Analysis')).toBeVisible();
  await expect(dialog.getByText('Contact Information')).toBeVisible();
  await expect(dialog.getByText('Business Verification & Analysis')).toHaveCount(0);
  const factors = dialog.locator('h4:has-text("Top scoring factors") + ul > li');
  expect(await factors.count()).toBeGreaterThan(0);
  expect(await factors.count()).toBeLessThanOrEqual(5);
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual(
    [],
  );
  await dialog.getByRole('button', { name: 'Copy All Info' }).click();
  await expect(
    page.getByText('Lead information copied to clipboard', { exact: true }),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Lead score: ');
  expect(copied).toContain('Phone: ');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);

  // Export what is shown (the high-priority leads) and read the file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^business-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Export successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Business leads exported to CSV', { exact: true })).toBeVisible();
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(parsed[0]![0]).toBe('Lead Score');
  expect(parsed).toHaveLength(1 + highPriority + 1);
  expect(parsed.at(-1)).toEqual(['© OpenStreetMap contributors (ODbL)']);
});

test('a bulk search shows its real progress, survives leaving the page, and ends in the table', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto('/admin/marketing-tool');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').selectOption('Baton Rouge');
  await page.getByLabel('Business Type*').selectOption('Retail Store');
  await page.getByLabel('Bulk Mode').check();
  await expect(page.getByLabel('Maximum results')).toHaveValue('10000');
  await expect(page.getByLabel('Maximum results')).toHaveAttribute('min', '100');
  await expect(page.getByLabel('Maximum results')).toHaveAttribute('max', '50000');
  await expect(page.getByLabel('Maximum results')).toHaveAttribute('step', '100');
  await page.getByRole('button', { name: 'Extract 10,000 Leads' }).click();

  const progress = page.getByRole('progressbar', { name: 'Bulk search progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Grid cells \d+ of 81/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel search' })).toBeVisible();
  await expect(page).toHaveURL(/\?search=/);
  const url = page.url();

  // Leave and come back to the same search.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: /Found \d+ business leads/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(rows(page)).toHaveCount(20);
  await expect(
    page.getByRole('list').getByText('Retail Store in Baton Rouge (bulk)'),
  ).toBeVisible();
});

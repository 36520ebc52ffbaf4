import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import Papa from 'papaparse';
import {
  isHighPriority,
  type Lead,
  type SearchJob,
  type SearchLeads,
  type SearchRecordPage,
} from '@shared/schemas/leads';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, restoreAdminSession, signInAdmin, test } from './fixtures';

const rows = (page: import('@playwright/test').Page) => page.getByTestId('lead-row');
const names = async (page: import('@playwright/test').Page) =>
  rows(page).locator('td:nth-child(2) .font-medium:visible').allTextContents();
const scores = async (page: import('@playwright/test').Page) =>
  (await rows(page).locator('td:first-child span.rounded-full').allTextContents()).map(Number);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// A search on the stand-ins takes seconds, and a shared 2-core machine can triple that.
test.setTimeout(90_000);

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

  const searchCount = async () =>
    ((await (await adminApi.get('/api/admin/marketing-tool/searches')).json()) as SearchRecordPage)
      .total;
  const searchesBefore = await searchCount();
  await page.getByRole('button', { name: 'Search Leads' }).click();
  await expect(page.getByText('Missing required fields', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please fill in city and business type', { exact: true }),
  ).toBeVisible();
  expect(await searchCount()).toBe(searchesBefore);

  // The city is typed, with the server's suggestions for the chosen state.
  await page.getByLabel('State*').selectOption('');
  await expect(page.getByLabel('City*')).toBeDisabled();
  await expect(page.getByLabel('City*')).toHaveAttribute('placeholder', 'Select state first');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByRole('combobox', { name: 'City*' }).fill('bato');
  await page.getByRole('option', { name: 'Baton Rouge' }).click();
  await expect(page.getByLabel('City*')).toHaveValue('Baton Rouge');
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
  const [latest] = (
    (await (await adminApi.get('/api/admin/marketing-tool/searches')).json()) as SearchRecordPage
  ).items;
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
  await restoreAdminSession(page);
  await page.goto('/admin/marketing-tool');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').fill('Baton Rouge');
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

/** A screenshot kept with the test's results, to look at: the window only with a dialog open. */
async function shoot(page: import('@playwright/test').Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

test("a lead's dialog shows words, copies one Website line, and the lead becomes a request", async ({
  page,
  context,
  adminApi,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await restoreAdminSession(page);
  await page.goto('/admin/marketing-tool');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').fill('Baton Rouge');
  await page.getByLabel('Business Type*').selectOption('Healthcare');
  await page.getByRole('button', { name: 'Search Leads' }).click();
  await expect(page.getByRole('heading', { name: /Found \d+ business leads/ })).toBeVisible({
    timeout: 20_000,
  });
  const searchId = new URL(page.url()).searchParams.get('search')!;
  const { leads } = (await (
    await adminApi.get(`/api/admin/marketing-tool/searches/${searchId}/leads`)
  ).json()) as SearchLeads;
  // A lead of the first page (best score first) without an e-mail: the request asks for one.
  const firstPage = [...leads]
    .sort((a, b) => b.leadScore - a.leadScore || collator.compare(a.name, b.name))
    .slice(0, 20);
  const chosen = firstPage.find((summary) => !summary.email)!;
  const lead = (await (
    await adminApi.get(`/api/admin/marketing-tool/searches/${searchId}/leads/${chosen.id}`)
  ).json()) as Lead;
  await page.getByRole('button', { name: `Details of ${lead.name}`, exact: false }).click();
  const dialog = page.getByRole('dialog', { name: lead.name });
  await expect(dialog.getByText('Comprehensive Lead Score Analysis')).toBeVisible();
  await expect(dialog).toContainText(/Conversion potential: (Very high|High|Medium|Low)/);
  const text = (await dialog.textContent())!;
  expect(text).not.toMatch(
    /very-high|market-leader|over-10-years|5-to-10-years|2-to-5-years|under-2-years/,
  );
  expect(text).not.toMatch(/\b(critical|negative)\b/);

  await dialog.getByRole('button', { name: 'Copy All Info' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').filter((line) => line.startsWith('Website:'))).toEqual([
    `Website: ${lead.website}`,
  ]);
  expect(copied).toContain(`Website score: ${lead.websiteQuality.score}/100`);

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'lead-dialog-390', false);
  await expectNoSidewaysScroll(page, 'the lead dialog at 390 px');
  await dialog.getByRole('button', { name: 'Add to requests' }).click();
  const ask = page.getByRole('dialog', { name: 'Add to requests' });
  await expect(ask).toContainText('This lead has no e-mail address.');
  await expect(ask.getByLabel('Name *')).toHaveValue(lead.name);
  await ask.getByRole('button', { name: 'Add request' }).click();
  await expect(ask.getByText('Email is required')).toBeVisible();
  const email = `frontdesk.${Date.now()}@lead.example`;
  await ask.getByLabel('Email *').fill(email);
  await shoot(page, 'add-to-requests-390', false);
  await expectNoSidewaysScroll(page, 'the add-to-requests form at 390 px');
  await ask.getByRole('button', { name: 'Add request' }).click();
  await expect(page.getByText('Added to requests', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Added to requests' })).toBeDisabled();
  await shoot(page, 'added-to-requests-390', false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'lead-dialog-1280', false);

  await page.getByRole('link', { name: 'Open requests' }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(lead.name).first()).toBeVisible();
});

test('a bulk search keeps the button busy, a cancel too late is calm, and ?search= refills the form', async ({
  page,
  adminApi,
}) => {
  await restoreAdminSession(page);
  await page.goto('/admin/marketing-tool');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').fill('Baton Rouge');
  await page.getByLabel('Business Type*').selectOption('Healthcare');
  await page.getByLabel('Bulk Mode').check();
  await page.getByLabel('Maximum results').fill('100');
  const searchTotal = async () =>
    ((await (await adminApi.get('/api/admin/marketing-tool/searches')).json()) as SearchRecordPage)
      .total;
  const before = await searchTotal();

  // The page's reads of the job can be held back, as a slow poll would be.
  let holding = false;
  const held: Array<() => void> = [];
  await page.route(/\/api\/admin\/marketing-tool\/jobs\/[^/]+$/, async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });

  await page.getByRole('button', { name: 'Extract 100 Leads' }).dblclick();
  const busy = page.getByRole('button', { name: 'Bulk search running...' });
  await expect(busy).toBeDisabled();
  await expect(page).toHaveURL(/\?search=/);
  const searchId = new URL(page.url()).searchParams.get('search')!;
  await expect(page.getByText(/Grid cells \d+ of 81/)).toBeVisible();
  expect(await searchTotal()).toBe(before + 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'bulk-running-390');
  await expectNoSidewaysScroll(page, 'a running bulk search at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The search ends while the page still shows it running; then the admin cancels.
  holding = true;
  await expect
    .poll(
      async () =>
        (
          (await (
            await adminApi.get(`/api/admin/marketing-tool/jobs/${searchId}`)
          ).json()) as SearchJob
        ).status,
      { timeout: 60_000 },
    )
    .toBe('done');
  const refused = page.waitForResponse((res) => res.url().endsWith(`/jobs/${searchId}/cancel`));
  await page.getByRole('button', { name: 'Cancel search' }).click();
  expect((await refused).status()).toBe(409);
  holding = false;
  for (const release of held.splice(0)) release();
  await expect(page.getByText('The search had already finished', { exact: true })).toBeVisible();
  await expect(page.getByText(/^It found \d+ leads: they are shown below\.$/)).toBeVisible();
  await expect(page.locator('.destructive')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Found \d+ business leads/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Extract 100 Leads' })).toBeEnabled();

  // Opened again from its address: the form holds its state, city and type.
  await page.goto('/admin/marketing-tool');
  await expect(page.getByLabel('City*')).toHaveValue('');
  await page.goto(`/admin/marketing-tool?search=${searchId}`);
  await expect(page.getByLabel('State*')).toHaveValue('Louisiana');
  await expect(page.getByLabel('City*')).toHaveValue('Baton Rouge');
  await expect(page.getByLabel('Business Type*')).toHaveValue('Healthcare');

  // The past searches: searched and paged in their own parameters, beside ?search=.
  await page.getByRole('searchbox', { name: 'Search past searches' }).fill('healthcare');
  await expect(page).toHaveURL(new RegExp(`\\?search=${searchId}&searchesQ=healthcare$`));
  const past = page.getByRole('list', { name: 'Past searches' });
  await expect(past.getByText('Healthcare in Baton Rouge (bulk)').first()).toBeVisible();
  await expect(past.getByRole('button', { name: 'Shown' })).toBeVisible();
  await shoot(page, 'marketing-tool-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'marketing-tool-390');
  await expectNoSidewaysScroll(page, 'the marketing tool at 390 px');
});

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { activatePlan, expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * The admin dashboard's trend charts at a desktop's and a phone's width, and a client changing
 * plan from the portal. Full-page screenshots are kept in test-results/dashboard-trends/.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = `test-results/dashboard-trends/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Signs a new client up, asks for the plan, and records its first invoice paid as the agency. */
async function payingClient(page: Page, adminApi: APIRequestContext, firstName: string) {
  const email = await signUpClient(page, firstName);
  await activatePlan(page, adminApi, email, 'signature');
  return email;
}

const FIGURES = [
  'Monthly recurring revenue at the end of each of the last 12 months',
  'Clients whose plan started and clients whose plan ended, per month, last 12 months',
  'Payments collected in each month and invoices still owed at its end, last 12 months',
];

/**
 * Each chart drawn inside a window of `viewport`'s width, its table open (opened here unless
 * `opened` already), a screenshot of each figure.
 */
async function checkFigures(page: Page, viewport: { width: number }, opened: boolean) {
  for (const [index, name] of FIGURES.entries()) {
    const figure = page.getByRole('figure', { name });
    await expect(figure).toBeVisible();
    // The chart is drawn at the figure's width, inside the window (redrawn when it resizes).
    const chart = figure.locator('.recharts-wrapper > svg.recharts-surface');
    await expect(chart).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await chart.boundingBox())!;
        return box.width > 200 && box.x + box.width <= viewport.width;
      }, `${name}: drawn inside ${viewport.width} px`)
      .toBe(true);

    if (!opened) await figure.getByText('Show the figures').click();
    const table = figure.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(13);
    await figure.screenshot({
      path: `test-results/dashboard-trends/figure-${index + 1}-${viewport.width}.png`,
    });
  }
}

// One load of the dashboard, read at a desktop's width and then a phone's.
test('the admin dashboard charts the last 12 months with a table behind each chart, on a desktop and a phone', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  // A client signs up and pays first: more than the default half minute on a busy machine.
  test.slow();
  const clientContext = await browser.newContext();
  await payingClient(await clientContext.newPage(), adminApi, 'Celeste');
  await clientContext.close();
  const stats = await (await adminApi.get('/api/admin/dashboard-stats')).json();
  const trends = await (await adminApi.get('/api/admin/dashboard-trends')).json();
  const thisMonth = trends.months.at(-1);
  // The history's MRR of today is the card's.
  expect(thisMonth.mrr).toBe(stats.mrr);

  await page.setViewportSize(DESKTOP);
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'Last 12 months' })).toBeVisible();
  const conversion = page.getByRole('group', { name: 'Conversion Rate' });
  await expect(conversion).toContainText('became paying clients.');
  await expect(conversion).toContainText('A request counts once');

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await checkFigures(page, viewport, viewport === PHONE);
    // This month's row of the MRR table says what the API says.
    const monthName = new Date(`${thisMonth.month}-01T12:00:00Z`).toLocaleString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const mrrRow = page.getByRole('figure', { name: FIGURES[0] }).getByRole('row').last();
    await expect(mrrRow).toContainText(monthName);
    await expect(mrrRow).toContainText(
      `$${(thisMonth.mrr / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    await expectNoSidewaysScroll(page, `the dashboard at ${viewport.width} px`);
    // Charts and their open tables: nothing focusable hidden, every table well formed.
    expect(
      (await new AxeBuilder({ page }).analyze()).violations,
      `axe at ${viewport.width} px`,
    ).toEqual([]);
    await keepScreenshot(page, testInfo, `admin-dashboard-${viewport.width}`);
  }
});

test('a client changes plan from the next period, sees it on the dashboard, and withdraws it', async ({
  page,
  adminApi,
}, testInfo) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const email = await payingClient(page, adminApi, 'Odile');
  const subscription = await (await page.request.get('/api/subscription')).json();
  // The screens write dates in the business time zone (BILLING_TIMEZONE, America/Chicago).
  const nextPeriod = new Date(subscription.currentPeriodEnd).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/Chicago',
  });

  await page.goto('/portal/dashboard');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('link', { name: 'Change Plan' }).click();
  await expect(page).toHaveURL(/\/portal\/subscribe$/);
  const current = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Signature' }) });
  await expect(current.getByText('Current plan', { exact: true }).first()).toBeVisible();
  await expect(current.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expectNoSidewaysScroll(page, 'the plans page of a subscriber');

  await page.getByRole('button', { name: 'Switch to Prestige' }).click();
  await expect(page.getByText('Plan Change Requested', { exact: true })).toBeVisible();
  await expect(page.getByText(`From ${nextPeriod}`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'plans-with-change-390');

  // The agency hears of it.
  await expect
    .poll(async () => {
      const outbox = await (
        await adminApi.get('/api/admin/outbox', { params: { q: 'Plan change' } })
      ).json();
      return outbox.items.some((m: { subject: string }) =>
        m.subject.startsWith('Plan change: Odile Broussard (Signature to Prestige)'),
      );
    })
    .toBe(true);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const note = page.getByText(`Changes to Prestige on ${nextPeriod}.`);
  await expect(note).toBeVisible();
  await expectNoSidewaysScroll(page, 'the portal dashboard with a plan change');
  await keepScreenshot(page, testInfo, 'portal-dashboard-change-390');

  await page.getByRole('button', { name: 'Withdraw change' }).click();
  await expect(page.getByText('Plan Change Withdrawn', { exact: true })).toBeVisible();
  await expect(note).toBeHidden();
  expect((await (await page.request.get('/api/subscription')).json()).pendingTier).toBeNull();
  expect(email).toContain('@example.com');
});

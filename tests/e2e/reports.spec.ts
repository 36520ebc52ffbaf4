import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { pdfText } from '../support/pdf-text';
import { expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * The monthly report, done on a phone, each screen also read at a desktop's width: the admin
 * makes a client's report from the client page (this month so far: the client joined today),
 * e-mails it again with "Send again", and the client downloads it from the portal's Reports card.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `${testInfo.project.outputDir}/reports/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Runs `check` on the screen as it is at each width, ending back on the phone. */
async function atEachSize(page: Page, check: (size: (typeof SIZES)[number]) => Promise<void>) {
  for (const size of [...SIZES].reverse()) {
    await page.setViewportSize(size.viewport);
    await check(size);
  }
}

test.use({ viewport: SIZES[0].viewport });

test('the admin makes a report and sends it again; the client downloads it', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  const email = await signUpClient(page, 'Amélie');
  const reports = page.getByRole('region', { name: 'Reports' });
  await expect(reports.getByText(/^No reports yet\./)).toBeVisible();
  await expect(
    reports.getByText('A monthly report of your website comes with every plan.'),
  ).toBeVisible();

  const found = (await (
    await adminApi.get('/api/admin/clients', { params: { q: email } })
  ).json()) as { items: Array<{ id: string }> };
  const clientId = found.items[0]!.id;

  const admin = await browser.newContext({ viewport: SIZES[0].viewport });
  const adminPage = await admin.newPage();
  await signInAdmin(adminPage);
  await adminPage.goto(`/admin/clients/${clientId}`);
  const card = adminPage.getByRole('region', { name: 'Reports' });
  await expect(card.getByText('No reports yet.')).toBeVisible();
  // Joined today: this month, so far, is the only month there is.
  const month = card.getByLabel('Month');
  const chosen = (await month.locator('option:checked').textContent()) ?? '';
  expect(chosen).toMatch(/^[A-Z][a-z]{2} \d{4} \(so far\)$/);
  const monthName = chosen.replace(' (so far)', '');
  await card.getByRole('button', { name: 'Make report' }).click();
  // Made to be read first: its PDF opens in a tab, and nothing is e-mailed before Send.
  const made = card.getByRole('region', { name: `${monthName} report made: not sent yet` });
  await expect(made.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute(
    'target',
    '_blank',
  );
  const preview = await adminApi.get(
    (await made.getByRole('link', { name: 'Open the PDF' }).getAttribute('href'))!,
  );
  expect(preview.headers()['content-disposition']).toMatch(/^inline; /);
  await made.getByRole('button', { name: 'Send to the client' }).click();
  await expect(adminPage.getByText(`${monthName} report sent`).first()).toBeVisible();
  await expect(
    adminPage.getByText(`The report for ${monthName} was e-mailed to ${email}.`).first(),
  ).toBeVisible();
  const list = card.getByRole('list', { name: 'Monthly reports' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(/Sent [A-Z][a-z]{2} \d+, \d{4} at/);
  await atEachSize(adminPage, async (size) => {
    await expectNoSidewaysScroll(adminPage, `the client page with a report (${size.name})`);
    expect(
      (
        await new AxeBuilder({ page: adminPage })
          .include(`[aria-labelledby="client-reports-title-${clientId}"]`)
          .analyze()
      ).violations,
      `the Reports card (${size.name})`,
    ).toEqual([]);
    await keepScreenshot(adminPage, testInfo, `${size.name}-admin`);
  });

  await list.getByRole('button', { name: `Send again: the ${monthName} report` }).click();
  await expect(adminPage.getByText(`${monthName} report sent again`).first()).toBeVisible();
  // Both e-mails are in the client's messages, each with the PDF.
  const outbox = (await (
    await adminApi.get('/api/admin/outbox', { params: { q: email } })
  ).json()) as { items: Array<{ subject: string }> };
  expect(
    outbox.items.filter((message) => message.subject.startsWith(`Your ${monthName} report`)),
  ).toHaveLength(2);
  await admin.close();

  await page.reload();
  const item = page.getByRole('list', { name: 'Your monthly reports' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(monthName);
  await atEachSize(page, async (size) => {
    await expectNoSidewaysScroll(page, `the portal with a report (${size.name})`);
    await keepScreenshot(page, testInfo, `${size.name}-portal`);
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `PDF of the ${monthName} report` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Report-\d{4}-\d{2}-.+\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain('MONTHLY REPORT');
  expect(text).toContain('Amélie Broussard');
  expect(text).toContain('(the month so far)');
});

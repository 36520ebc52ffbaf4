import fs from 'node:fs';
import { atBothWidths, PHONE } from '../support/both-widths';
import { expect, restoreAdminSession, signUpClient, test } from './fixtures';

/**
 * The books of issue 39 in one walk, as the agency's owner on a phone: a tax rate added in
 * Settings, an invoice for a client with that rate and one line not taxable (4.45 % of $90.00
 * is $4.005, rounded half-up once: $4.01), the client's statement owing it, the month's tax
 * report row of the rate and the general journal downloaded from Books. Each screen is read at
 * 390 and 1280 px on its load: axe clean, nothing sideways, a screenshot each.
 */
test.use({ viewport: PHONE, reducedMotion: 'reduce' });

test('a taxed invoice reaches the statement, the tax report and the journal', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  // About 20 s on an idle machine; room for a busy one rather than a flaky failure.
  test.setTimeout(60_000);
  // A client with an account of their own, so that the invoice is theirs and on their statement.
  const clientContext = await browser.newContext();
  const email = await signUpClient(await clientContext.newPage(), 'Eugenie');
  await clientContext.close();
  const found = await (await adminApi.get('/api/admin/clients', { params: { q: email } })).json();
  const client = found.items[0] as { id: string };
  // Two active rates may not share a name: the run's own, so no other test's rate is taken.
  const rateName = `Terrebonne parish ${Date.now()}`;
  const rateLabel = `${rateName} (4.45%)`;

  await restoreAdminSession(page);
  await page.goto('/admin/settings');
  const addRate = page.getByRole('form', { name: 'Add a tax rate' });
  await addRate.getByLabel('Rate name').fill(rateName);
  await addRate.getByLabel('Percentage (%)').fill('4.45');
  await addRate.getByRole('button', { name: 'Add tax rate' }).click();
  const rateRow = page
    .getByRole('list', { name: 'Tax rates' })
    .getByRole('listitem')
    .filter({ hasText: rateName });
  await expect(rateRow.getByText('4.45%', { exact: true })).toBeVisible();
  await atBothWidths(page, testInfo, 'settings-tax-rate');

  await page.setViewportSize(PHONE);
  await page.goto('/admin/invoices/new');
  await page.getByLabel('Find a client').fill(email);
  await page.getByRole('list', { name: 'Matching clients' }).getByRole('button').click();
  await expect(page.getByLabel('Client Email')).toHaveValue(email);
  await page.getByLabel('Description, line 1').fill('Site audit');
  await page.getByLabel('Qty, line 1').fill('2');
  await page.getByLabel('Unit price ($), line 1').fill('45');
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Description, line 2').fill('Domain renewal');
  await page.getByLabel('Unit price ($), line 2').fill('50');
  await page.getByRole('checkbox', { name: 'Taxable, line 2' }).uncheck();
  // Exactly this rate, whatever other rates are defaults.
  const rates = page.getByRole('group', { name: 'Tax rates' });
  for (const checked of await rates.getByRole('checkbox', { checked: true }).all()) {
    await checked.uncheck();
  }
  await rates.getByRole('checkbox', { name: rateLabel }).check();
  await expect(page.getByTestId('tax-line')).toHaveText([`${rateLabel}$4.01`]);
  await expect(page.getByTestId('invoice-total')).toHaveText('$144.01');
  await atBothWidths(page, testInfo, 'new-taxed-invoice');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Draft invoice\s*Draft$/);
  await page.getByRole('button', { name: 'Mark as Sent' }).click();
  await expect(heading).toContainText('Sent');
  const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByText('Domain renewal (not taxable)')).toBeVisible();
  await expect(page.getByTestId('tax-line')).toHaveText([`${rateLabel}$4.01`]);
  await expect(page.getByTestId('invoice-total')).toHaveText('$144.01');
  await atBothWidths(page, testInfo, 'taxed-invoice');

  // The client's statement: nothing before, the invoice, and what they owe after it.
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/clients/${client.id}`);
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByText(/^Opening balance/).locator('..')).toHaveText(/\)\$0\.00$/);
  await expect(statement.getByText(/^Closing balance/).locator('..')).toHaveText(/\)\$144\.01$/);
  const phoneLine = statement.getByRole('list', { name: 'Statement lines' }).getByRole('listitem');
  await expect(phoneLine).toHaveCount(1);
  await expect(phoneLine).toHaveText(
    new RegExp(`^Invoice\\$144\\.01${invoiceNumber}.+Balance \\$144\\.01$`),
  );
  await atBothWidths(page, testInfo, 'client-statement');
  // At 1280 px the same line is a row of the table.
  await expect(
    statement.getByRole('row', { name: new RegExp(invoiceNumber) }).getByRole('cell'),
  ).toHaveText([/\d{4}$/, 'Invoice', invoiceNumber, '$144.01', '$144.01']);

  // This month's books: the rate's row, and the general journal with its tax posted.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/books');
  const rateCard = page
    .getByRole('list', { name: 'Sales tax by rate' })
    .getByRole('listitem')
    .filter({ hasText: rateLabel });
  await expect(rateCard).toHaveText(
    `${rateLabel}Taxable sales$90.00Tax collected$4.01Tax refunded$0.00Net tax$4.01`,
  );
  await atBothWidths(page, testInfo, 'books');
  await expect(
    page.getByRole('row', { name: new RegExp(`^${rateName}`) }).getByRole('cell'),
  ).toHaveText(['$90.00', '$4.01', '$0.00', '$4.01']);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download General journal' }).click();
  const journal = fs.readFileSync((await (await downloading).path())!, 'utf8');
  const header =
    '\uFEFF"Date","Account code","Account name","Debit","Credit","Memo","Reference","Entry"\r\n';
  expect(journal.slice(0, header.length)).toBe(header);
  expect(journal).toMatch(
    new RegExp(`,,4\\.01,"${rateName} on ${invoiceNumber}","${invoiceNumber}",\\d+\\r\\n`),
  );
});

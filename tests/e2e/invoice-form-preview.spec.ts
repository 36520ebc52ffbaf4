import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, restoreAdminSession, test } from './fixtures';

test('the new-invoice preview marks the lines the server drops and a total below zero', async ({
  page,
}) => {
  await restoreAdminSession(page);
  await page.goto('/admin/invoices/new');
  await page.getByLabel('Client Name').fill('Camille Broussard');
  await page.getByLabel('Client Email').fill('camille@example.com');
  await page.getByLabel('Description, line 1').fill('Website redesign');
  await page.getByLabel('Unit price ($), line 1').fill('1200');
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Description, line 2').fill('Free consultation');
  await page.getByLabel('Unit price ($), line 2').fill('0');
  const dropped = page.getByTestId('line-not-billed');
  await expect(dropped).toHaveText([
    'Line 2 will not be billed: a line needs a description and a unit price above $0.00.',
  ]);
  await page.getByLabel('Discount ($)').fill('1500');
  await expect(page.getByTestId('invoice-total')).toHaveText('-$300.00');
  await expect(page.getByRole('alert')).toHaveText(
    'The total is below zero: the discount cannot be more than the subtotal plus tax.',
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({
      path: test.info().outputPath(`new-invoice-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoSidewaysScroll(page, 'the new-invoice form at 390 px');

  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(
    page.getByText('The discount cannot be more than the subtotal plus tax', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/invoices\/new$/);

  await page.getByLabel('Discount ($)').fill('200');
  await expect(page.getByTestId('invoice-total')).toHaveText('$1,000.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Free consultation')).toHaveCount(0);
});

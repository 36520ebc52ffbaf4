import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, restoreAdminSession, test, uniqueEmail } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * A paid invoice corrected by a credit note, done on a phone, each screen also read at a
 * desktop's width: the dialog prefilled with what is left, the reason required, the refund
 * line, the note listed with its PDF, and nothing scrolling sideways.
 */
test('issues a credit note on a paid invoice, on a phone and a desktop', async ({
  page,
  adminApi,
}) => {
  await page.setViewportSize(PHONE);
  // The agency's own invoice, paid by a check it recorded.
  const created = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: 'Lucie Arceneaux',
      clientEmail: uniqueEmail('lucie'),
      dueDate: '2027-03-01',
      lineItems: [{ description: 'Website redesign', quantity: 1, unitPrice: 80_000 }],
    },
  });
  expect(created.status()).toBe(201);
  const { invoice } = (await created.json()) as { invoice: { id: string } };
  expect((await adminApi.post(`/api/admin/invoices/${invoice.id}/mark-sent`)).status()).toBe(200);
  const paid = await adminApi.post(`/api/admin/invoices/${invoice.id}/payments`, {
    data: { amount: 80_000, method: 'check', paidOn: '2026-11-20', reference: '#2210' },
  });
  expect(paid.status()).toBe(201);

  await restoreAdminSession(page);
  await page.goto(`/admin/invoices/${invoice.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Paid');
  const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await heading.textContent()) ?? '')![0];

  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue credit note' });
  await expect(dialog.getByLabel('Amount to credit')).toHaveValue('800.00');
  await expect(dialog.getByTestId('credit-note-refund')).toHaveText(
    'No card refund will be made: the invoice was not paid by card through Stripe. Return $800.00 to the client yourself.',
  );
  // The reason is required, and said where it is missing.
  await dialog.getByLabel('Amount to credit').fill('250');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog.getByText('Say why the credit note is issued')).toBeVisible();
  await expect(dialog.getByTestId('credit-note-refund')).toContainText('Return $250.00');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect(
      (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations,
      `the dialog at ${viewport.width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize(PHONE);
  await dialog.getByLabel('Reason').fill('The blog section was dropped from the project');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();

  await expect(dialog).toBeHidden();
  const toastTitle = page.getByText(/^CN-\d{4}-\d{4} issued$/);
  await expect(toastTitle).toBeVisible();
  const creditNote = /CN-\d{4}-\d{4}/.exec((await toastTitle.textContent()) ?? '')![0];
  const list = page.getByRole('list', { name: 'Credit notes' });
  await expect(list).toContainText(creditNote);
  await expect(list).toContainText('Reason: The blog section was dropped from the project');
  await expect(list).toContainText('$250.00 to return to the client yourself');
  await expect(list).toContainText('-$250.00');
  await expect(page.getByText('Lucie Arceneaux · $800.00 · $250.00 credited')).toBeVisible();
  // The rest can still be credited; the invoice stays paid.
  await expect(page.getByRole('button', { name: 'Issue credit note' })).toBeVisible();
  await expect(heading).toContainText('Paid');

  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: `PDF of ${creditNote}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${creditNote}.pdf`);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(sideways, `${invoiceNumber} scrolls sideways at ${viewport.width} px`).toBe(false);
    expect(
      (await new AxeBuilder({ page }).analyze()).violations,
      `${invoiceNumber} at ${viewport.width} px`,
    ).toEqual([]);
  }
});

import { E2E_STRIPE_URL } from '../../playwright.config';
import { expect, signUpClient, test } from './fixtures';

/**
 * A client pays an invoice by card: Pay now in the portal, the (stand-in) Stripe Checkout
 * page, back to the portal, where the invoice turns Paid once Stripe's signed webhook has
 * reached the app; the receipt is in the outbox and the card is kept for renewals.
 */
test('a client pays an invoice by card and sees it paid without reloading', async ({
  page,
  adminApi,
}, testInfo) => {
  const email = await signUpClient(page, 'Aurelie');
  const created = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: 'Aurelie Broussard',
      clientEmail: email,
      dueDate: '2026-12-31',
      lineItems: [{ description: 'Website care, December', quantity: 1, unitPrice: 24_900 }],
    },
  });
  expect(created.status()).toBe(201);
  const { invoice: draft } = (await created.json()) as { invoice: { id: string } };
  // Sending e-mails it, pay link included, and numbers it.
  const sent = await adminApi.patch(`/api/admin/invoices/${draft.id}`, {
    data: { status: 'sent' },
  });
  expect(sent.status()).toBe(200);
  const { invoice } = (await sent.json()) as { invoice: { id: string; invoiceNumber: string } };

  await page.reload();
  const row = page
    .getByRole('table', { name: 'Billing history' })
    .getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
  await expect(row).toContainText('Due');
  await row.getByRole('button', { name: /Pay now/ }).click();

  await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE_URL}/checkout/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await expect(page.getByText('$249.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/portal\/dashboard/);
  await expect(page.getByText('Payment received, thank you.').first()).toBeVisible();
  await expect(row).toContainText('Paid');
  // The query string is gone: a reload does not say it again.
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('portal-after-payment.png'), fullPage: true });

  const outbox = (await (
    await adminApi.get('/api/admin/outbox', { params: { q: email } })
  ).json()) as { items: Array<{ toAddress: string; subject: string }> };
  const mine = outbox.items.filter((m) => m.toAddress === email).map((m) => m.subject);
  expect(mine).toContain(`Receipt for invoice ${invoice.invoiceNumber} from Coast & Code Studio`);
  expect(mine).toContain(`Invoice ${invoice.invoiceNumber} from Coast & Code Studio`);

  const detail = await (await adminApi.get(`/api/admin/invoices/${invoice.id}`)).json();
  expect(detail.invoice).toMatchObject({ status: 'paid', amountPaid: 24_900 });
  expect(detail.payments).toEqual([
    expect.objectContaining({ amount: 24_900, method: 'card', flag: null }),
  ]);
});

test('a cancelled checkout changes nothing and says so calmly', async ({ page, adminApi }) => {
  const email = await signUpClient(page, 'Bastien');
  const created = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: 'Bastien Broussard',
      clientEmail: email,
      dueDate: '2026-12-31',
      lineItems: [{ description: 'Logo refresh', quantity: 1, unitPrice: 9_900 }],
    },
  });
  const { invoice: draft } = (await created.json()) as { invoice: { id: string } };
  const sent = await adminApi.patch(`/api/admin/invoices/${draft.id}`, {
    data: { status: 'sent' },
  });
  const { invoice } = (await sent.json()) as { invoice: { id: string; invoiceNumber: string } };
  await page.reload();
  const row = page
    .getByRole('table', { name: 'Billing history' })
    .getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
  await row.getByRole('button', { name: /Pay now/ }).click();
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment canceled: nothing was charged.').first()).toBeVisible();
  await expect(row).toContainText('Due');
});

test('the pay link from the e-mail pays without signing in, on a phone', async ({
  browser,
  adminApi,
}, testInfo) => {
  const created = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: 'Celeste Guidry',
      clientEmail: 'celeste.guidry@example.com',
      dueDate: '2026-12-31',
      lineItems: [{ description: 'Hosting, one year', quantity: 1, unitPrice: 12_000 }],
    },
  });
  const { invoice: draft } = (await created.json()) as { invoice: { id: string } };
  const emailed = await adminApi.post(`/api/admin/invoices/${draft.id}/email`);
  const { invoice } = (await emailed.json()) as { invoice: { id: string; invoiceNumber: string } };
  const outbox = (await (
    await adminApi.get('/api/admin/outbox', { params: { q: 'celeste.guidry@example.com' } })
  ).json()) as { items: Array<{ id: string; toAddress: string }> };
  const message = outbox.items.find((m) => m.toAddress === 'celeste.guidry@example.com')!;
  const full = (await (await adminApi.get(`/api/admin/outbox/${message.id}`)).json()) as {
    text: string;
  };
  const link = /Pay this invoice online: (\S+)/.exec(full.text)![1]!;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(
    page.getByRole('heading', { name: new RegExp(invoice.invoiceNumber) }),
  ).toBeVisible();
  await expect(page.getByText('Celeste Guidry')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('pay-link-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Pay $120.00' }).click();
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('This invoice is paid. Thank you!')).toBeVisible();
  await context.close();
});

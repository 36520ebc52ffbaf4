import { enterMailedCode, expect, signInAdmin, test, uniqueEmail } from './fixtures';

/**
 * Stored XSS: markup typed by clients (name, business, ticket subject, description and
 * messages, the lead form) and by the agency (invoice client name, notes, line items) is
 * shown as text on every page that shows it. No dialog may open, no marker script may run,
 * and the CSP may not have to block anything (the fixture fails on any console error, and a
 * blocked inline handler prints one).
 */
const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert('img')">`,
  script: `<script>window.__xss='script';alert('script')</script>`,
  svg: `<svg onload="window.__xss='svg';alert('svg')"></svg>`,
  iframe: `"><iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  link: `<a href="javascript:window.__xss='link'">click</a>`,
};
const all = Object.values(PAYLOADS).join(' ');

test('markup stored by clients and by the agency is shown as text and never runs', async ({
  page,
  browser,
  adminApi,
}) => {
  // It walks every screen that shows stored text, as a client and as the agency: about 15 s
  // alone, more beside other work on two cores.
  test.setTimeout(60_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The client signs up with markup as a name, then stores more wherever the portal takes text.
  const email = uniqueEmail('xss');
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(PAYLOADS.img);
  await page.getByLabel('Last name').fill(PAYLOADS.svg);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('bayou-breeze-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await enterMailedCode(page, email);
  await expect(page).toHaveURL(/\/portal\/dashboard$/);

  // A phone number is checked as one now: markup there is refused outright.
  expect(
    (
      await page.request.patch('/api/auth/user', {
        data: { phoneNumber: PAYLOADS.link.slice(0, 40) },
      })
    ).status(),
  ).toBe(400);
  expect(
    (
      await page.request.patch('/api/auth/user', {
        data: { businessName: PAYLOADS.iframe },
      })
    ).status(),
  ).toBe(200);
  const created = await page.request.post('/api/tickets', {
    data: { subject: PAYLOADS.script, description: all },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string };
  expect(
    (
      await page.request.post(`/api/tickets/${ticket.id}/messages`, {
        data: { message: PAYLOADS.iframe },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post('/api/consultations', {
        data: {
          name: PAYLOADS.svg,
          email: uniqueEmail('lead'),
          business: PAYLOADS.img,
          details: all,
        },
      })
    ).status(),
  ).toBe(201);

  // The agency bills the client with markup in every text field of the invoice.
  const invoice = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: PAYLOADS.script,
      clientEmail: email,
      dueDate: '2026-12-31',
      notes: all,
      lineItems: [{ description: PAYLOADS.img, quantity: 1, unitPrice: 19_900 }],
    },
  });
  expect(invoice.status()).toBe(201);
  const invoiceId = ((await invoice.json()) as { invoice: { id: string } }).invoice.id;
  expect(
    (
      await adminApi.patch(`/api/admin/invoices/${invoiceId}`, { data: { status: 'sent' } })
    ).status(),
  ).toBe(200);

  // The client's pages.
  for (const path of ['/portal/dashboard', '/portal/support', `/portal/support/${ticket.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByText(PAYLOADS.iframe, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: PAYLOADS.script })).toBeVisible();

  // The agency's pages, in a browser of its own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  admin.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const adminErrors: string[] = [];
  admin.on('pageerror', (error) => adminErrors.push(error.message));
  admin.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      adminErrors.push(message.text());
    }
  });
  await signInAdmin(admin);
  for (const path of [
    '/admin/dashboard',
    '/admin/support',
    `/admin/support/${ticket.id}`,
    '/admin/invoices',
    `/admin/invoices/${invoiceId}`,
    '/admin/clients',
    '/admin/requests',
    '/admin/outbox',
  ]) {
    await admin.goto(path);
    await expect(admin.getByRole('main')).toBeVisible();
    await admin.waitForLoadState('networkidle');
  }
  await admin
    .getByRole('link', { name: /New support ticket/ })
    .first()
    .click();
  await expect(admin.locator('pre')).toContainText(PAYLOADS.script);
  await admin.goto(`/admin/invoices/${invoiceId}`);
  await expect(admin.getByText(PAYLOADS.img, { exact: true }).first()).toBeVisible();
  await admin.goto(`/admin/support/${ticket.id}`);
  await expect(admin.getByText(PAYLOADS.iframe, { exact: true })).toBeVisible();

  expect(dialogs, 'dialogs opened by stored markup').toEqual([]);
  for (const target of [page, admin]) {
    expect(await target.evaluate('window.__xss')).toBeUndefined();
    expect(await target.locator('main iframe, main svg[onload], main img[onerror]').count()).toBe(
      0,
    );
  }
  expect(adminErrors, 'errors printed in the admin browser').toEqual([]);
  await adminContext.close();
});

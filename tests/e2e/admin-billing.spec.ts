import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  enterMailedCode,
  expect,
  restoreAdminSession,
  signInAdmin,
  signUpClient,
  test,
  uniqueEmail,
} from './fixtures';

const card = (page: Page, title: string) => page.getByRole('group', { name: title });

test('an invoice with three lines: live total, create, send, pay, PDF download', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/new$/);

  await page.getByLabel('Client Name').fill('Camille Broussard');
  await page.getByLabel('Client Email').fill('camille@example.com');
  await page.getByLabel('Description, line 1').fill('Logo refresh');
  await page.getByLabel('Qty, line 1').fill('3');
  await page.getByLabel('Unit price ($), line 1').fill('33.33');
  // The only line cannot be removed.
  await expect(page.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Description, line 2').fill('Ten cents');
  await page.getByLabel('Unit price ($), line 2').fill('0.10');
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Description, line 3').fill('Twenty cents');
  await page.getByLabel('Unit price ($), line 3').fill('0.20');
  const total = page.getByTestId('invoice-total');
  await expect(total).toHaveText('$100.29');
  await page.getByLabel('Tax ($)').fill('5');
  await page.getByLabel('Discount ($)').fill('0.29');
  await expect(total).toHaveText('$105.00');
  // Removing a line updates the total at once.
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Description, line 4').fill('Mistake');
  await page.getByLabel('Unit price ($), line 4').fill('1000');
  await expect(total).toHaveText('$1,105.00');
  await page.getByRole('button', { name: 'Remove line 4' }).click();
  await expect(total).toHaveText('$105.00');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1 });
  // A draft has no number: it is given one when it is sent.
  await expect(heading).toHaveText(/^Draft invoice\s*Draft$/);
  await expect(page.getByRole('row', { name: /Logo refresh 3 \$33\.33 \$99\.99/ })).toBeVisible();

  await page.getByRole('button', { name: 'Mark as Sent' }).click();
  await expect(page.getByText('Invoice Updated', { exact: true })).toBeVisible();
  await expect(heading).toContainText('Sent');
  await expect(heading).toContainText(/INV-\d{4}-\d{4}/);
  const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await heading.textContent()) ?? '')![0];
  // A bank transfer for the whole balance: the amount is prefilled.
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount')).toHaveValue('105.00');
  await dialog.getByLabel('Reference').fill('Transfer 2026-118');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of $105.00 recorded', { exact: true })).toBeVisible();
  await expect(heading).toContainText('Paid');
  await expect(page.getByText('Transfer 2026-118')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Back to Invoices' }).click();
  const row = page.getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText('$105.00');
  await expect(row).toContainText('Paid');
});

test("a client's plan request is invoiced, e-mailed, paid, and the plan turns active", async ({
  page,
  browser,
  adminApi,
}) => {
  // A client signs up, asks for a plan and pays; the admin invoices it and reads the dashboard.
  test.setTimeout(60_000);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const email = await signUpClient(client, 'Josephine');
  await client.goto('/portal/subscribe');
  await client.getByRole('button', { name: 'Subscribe to Prestige' }).click();
  await expect(client.getByText('Subscription Requested', { exact: true })).toBeVisible();

  const before = await (await adminApi.get('/api/admin/dashboard-stats')).json();
  await signInAdmin(page);
  await expect(card(page, 'Active Subscribers')).toContainText(String(before.activeSubscribers));

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  const row = page.getByRole('row', { name: /Josephine Broussard/ });
  await expect(row).toContainText('$599.00');
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: 'Draft for Josephine Broussard' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Prestige plan, first month')).toBeVisible();

  await page.getByRole('button', { name: 'Send by E-mail' }).click();
  // The e2e mail server takes it; the outbox keeps what went out, PDF attached.
  await expect(page.getByText('Invoice Sent', { exact: true })).toBeVisible();
  await expect(
    page
      .getByText(
        new RegExp(
          `^Invoice INV-\\d{4}-\\d{4} was sent to ${email} through SMTP 127\\.0\\.0\\.1\\.$`,
        ),
      )
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sent');
  const outbox = await (await adminApi.get('/api/admin/outbox', { params: { q: email } })).json();
  const mail = outbox.items.find((m: { toAddress: string }) => m.toAddress === email);
  expect(mail.subject).toMatch(/^Invoice INV-\d{4}-\d{4} from Coast & Code Studio$/);

  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Paid');

  await client.goto('/portal/dashboard');
  await client.getByRole('tab', { name: 'Subscription' }).click();
  await expect(client.getByText('Active', { exact: true })).toBeVisible();
  await expect(client.getByText('Prestige ($599.00/month)')).toBeVisible();
  // The client downloads the paid invoice from the billing history.
  await client.getByRole('tab', { name: 'Overview' }).click();
  const downloading = client.waitForEvent('download');
  await client.getByRole('link', { name: /^PDF of INV-/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^INV-\d{4}-\d{4}\.pdf$/);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(card(page, 'Active Subscribers')).toContainText(
    String(before.activeSubscribers + 1),
  );
  await expect(card(page, 'Monthly Revenue (MRR)')).toContainText(
    // The answer is in cents; the card shows dollars.
    `$${((before.mrr + 599_00) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await clientContext.close();
});

test('a signup link is generated, copied, mailed, and redeemed by the new client', async ({
  page,
  browser,
  context,
}) => {
  // The admin's link and e-mail, then the invitee's whole sign-up through the provider.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Generate Client Link' }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/invite$/);
  await expect(page.getByLabel('Client Email')).toBeFocused();

  await page.getByRole('button', { name: 'Generate Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Please choose a plan')).toBeVisible();

  const email = uniqueEmail('lucien');
  await page.getByLabel('Client Email').fill(email);
  await page.getByLabel('Plan').selectOption('signature');
  await page.getByRole('button', { name: 'Generate Link' }).click();
  await expect(page.getByText('Link Generated', { exact: true })).toBeVisible();
  const signupUrl = await page.getByLabel(`Signup link for ${email}`).inputValue();
  expect(signupUrl).toMatch(/\/signup\/[A-Za-z0-9_-]{43}$/);

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Signup link copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signupUrl);

  await page.getByRole('button', { name: 'Email Template' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Subject')).toHaveValue(
    'Your Signature plan with Coast & Code Studio: create your account',
  );
  await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(signupUrl));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invitation Sent', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`The invitation was sent to ${email} through SMTP 127.0.0.1.`).first(),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Waiting');

  // The invitee, in a browser of their own.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(signupUrl);
  await expect(invitee.getByText("You're invited")).toBeVisible();
  await expect(invitee.getByText(email)).toBeVisible();
  await expect(invitee.getByText('Signature · $399.00/month')).toBeVisible();
  await invitee.getByRole('link', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await expect(invitee.getByLabel('Email')).toHaveValue(email);
  await invitee.getByLabel('First name').fill('Lucien');
  await invitee.getByLabel('Last name').fill('Arceneaux');
  await invitee.getByLabel('Password').fill('pelican-point-77');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await enterMailedCode(invitee, email);
  await expect(invitee).toHaveURL(/\/portal\/dashboard$/);
  await expect(invitee.getByText('Welcome!', { exact: true })).toBeVisible();
  await invitee.getByRole('tab', { name: 'Subscription' }).click();
  await expect(invitee.getByText('Signature ($399.00/month)')).toBeVisible();
  await expect(invitee.getByText('Pending', { exact: true })).toBeVisible();

  // Used once: opening it again says so.
  await invitee.goto(signupUrl);
  await expect(invitee.getByRole('alert')).toContainText('already been used');
  await inviteeContext.close();

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) }).first()).toContainText('Used');
  // The new client is in the directory with the plan they asked for, and has a page.
  await page.goto('/admin/clients?q=arceneaux');
  const row = page.getByRole('row', { name: /Lucien Arceneaux/ });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: 'Lucien Arceneaux' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucien Arceneaux' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});

test("an invoice made for a client's account, found by a search, is theirs in the portal", async ({
  page,
  browser,
}) => {
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const email = await signUpClient(client, 'Océane');

  await restoreAdminSession(page);
  await page.goto('/admin/invoices/new');
  const search = page.getByLabel('Find a client');
  await search.fill(email.slice(0, 12));
  // Enter searches; it does not submit the invoice.
  await search.press('Enter');
  await expect(page.getByText('Client name is required')).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(email) }).click();
  const chosen = page.getByRole('status').filter({ hasText: 'For the client account of' });
  await expect(chosen).toContainText('Océane Broussard');
  await expect(chosen).toBeFocused();
  await expect(page.getByLabel('Client Email')).toHaveValue(email);
  await page.getByLabel('Description, line 1').fill('Menu page');
  await page.getByLabel('Unit price ($), line 1').fill('120');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created', { exact: true })).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await page.getByRole('button', { name: 'Mark as Sent' }).click();
  await expect(heading).toContainText('Sent');
  const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await heading.textContent()) ?? '')![0];

  await client.reload();
  // The cell holds the number with its date under it.
  await expect(
    client
      .getByRole('table', { name: 'Billing history' })
      .getByRole('row', { name: new RegExp(invoiceNumber) }),
  ).toBeVisible();
  await clientContext.close();
});

test('the invoice list sorts by its headers on a desktop and by "Sort by" on a phone', async ({
  page,
  adminApi,
}) => {
  // Three drafts of one made-up client, found by a search: the shared list holds others too.
  const tag = `Sortable ${Date.now()}`;
  for (const [name, dollars, due] of [
    ['Bravo', 300, '2027-03-01'],
    ['Alpha', 100, '2027-01-01'],
    ['Charlie', 200, '2027-02-01'],
  ] as const) {
    const created = await adminApi.post('/api/admin/invoices', {
      data: {
        clientName: `${tag} ${name}`,
        clientEmail: uniqueEmail(name.toLowerCase()),
        dueDate: due,
        lineItems: [{ description: 'Care', quantity: 1, unitPrice: dollars * 100 }],
      },
    });
    expect(created.status()).toBe(201);
  }
  const clients = (rows: string[]) => rows.map((row) => /(Alpha|Bravo|Charlie)/.exec(row)?.[1]);

  await restoreAdminSession(page);
  await page.goto(`/admin/invoices?q=${encodeURIComponent(tag)}`);
  const table = page.getByRole('table', { name: 'Invoices' });
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(3);
  const total = table.getByRole('columnheader', { name: 'Total' });
  await expect(total).toHaveAttribute('aria-sort', 'none');

  await total.getByRole('button', { name: 'Total' }).click();
  await expect(total).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=total&dir=asc$/);
  await expect
    .poll(async () => clients(await bodyRows.allTextContents()))
    .toEqual(['Alpha', 'Charlie', 'Bravo']);
  await total.getByRole('button', { name: 'Total' }).click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => clients(await bodyRows.allTextContents()))
    .toEqual(['Bravo', 'Charlie', 'Alpha']);

  // On a phone the rows are cards, and the order is chosen in a select; a reload keeps it.
  await page.setViewportSize({ width: 390, height: 844 });
  const sortBy = page.getByLabel('Sort by');
  await expect(sortBy).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Total' })).toBeHidden();
  await sortBy.selectOption({ label: 'Due, soonest first' });
  await expect(page).toHaveURL(/[?&]sort=due&dir=asc$/);
  await expect
    .poll(async () => clients(await bodyRows.allTextContents()))
    .toEqual(['Alpha', 'Charlie', 'Bravo']);
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('asc:due');
  await expect
    .poll(async () => clients(await bodyRows.allTextContents()))
    .toEqual(['Alpha', 'Charlie', 'Bravo']);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, signInAdmin, signUpClient, test } from './fixtures';

test("the agency answers a client's ticket from the admin panel and the client sees it", async ({
  page,
  browser,
}) => {
  const email = await signUpClient(page, 'Honoré');
  const created = await page.request.post('/api/tickets', {
    data: {
      subject: 'Menu prices changed',
      description: 'Please update the lunch menu prices on the site.',
    },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string };

  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin);

  const nav = admin.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: /Support \d+ open/ })).toBeVisible();
  await nav.getByRole('link', { name: /Support/ }).click();
  const row = admin.getByRole('link', { name: /Menu prices changed/ });
  await expect(row).toContainText('Honoré Broussard');
  await expect(row).toContainText(email);

  await admin.getByLabel('Status').selectOption('resolved');
  await expect(admin).toHaveURL(/\?status=resolved$/);
  await expect(admin.getByRole('link', { name: /Menu prices changed/ })).toHaveCount(0);
  await admin.getByLabel('Status').selectOption('open');
  await admin.getByRole('link', { name: /Menu prices changed/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/support/${ticket.id}$`));

  await admin.getByRole('button', { name: 'Send Reply' }).click();
  await expect(admin.getByText('Message cannot be empty')).toBeVisible();
  await admin.getByLabel('Reply to the client').fill('Updated: the new prices are live.');
  await admin.getByLabel('Then set status').selectOption('resolved');
  await admin.getByRole('button', { name: 'Send Reply' }).click();
  await expect(admin.getByText('Reply Sent', { exact: true })).toBeVisible();
  await expect(admin.getByLabel('Status', { exact: true })).toHaveValue('resolved');
  await expect(admin.getByRole('list', { name: 'Conversation' })).toContainText(
    'Updated: the new prices are live.',
  );
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);

  // The outbox keeps the notifications: the new ticket for the agency, the reply for the
  // client.
  await nav.getByRole('link', { name: 'Outbox' }).click();
  await admin.getByRole('link', { name: /New support ticket: Menu prices changed/ }).click();
  await expect(
    admin.getByRole('heading', { name: 'New support ticket: Menu prices changed' }),
  ).toBeVisible();
  await expect(admin.getByText('Please update the lunch menu prices on the site.')).toBeVisible();
  await admin.getByRole('link', { name: /Re: Menu prices changed/ }).click();
  await expect(admin.getByText(`To ${email}`, { exact: false }).first()).toBeVisible();
  await expect(admin.locator('pre')).toContainText('Updated: the new prices are live.');
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);

  await page.goto(`/portal/support/${ticket.id}`);
  await expect(page.locator('li[data-admin-reply="true"]')).toContainText(
    'Updated: the new prices are live.',
  );
  await expect(
    page.getByText('This ticket has been resolved and is closed for new messages.'),
  ).toBeVisible();
  await admin.context().close();
});

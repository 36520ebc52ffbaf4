import { E2E_ADMIN } from '../../playwright.config';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, restoreAdminSession, signUpClient, test } from './fixtures';

/**
 * A reply typed while the session ends is not lost: the send meets a 401, the person signs
 * in again, and the reply is back in the form of the same ticket.
 */
const PASSWORD = 'bayou-breeze-42';

test("the client's reply survives signing out in another tab and signing in again", async ({
  page,
  context,
}) => {
  const email = await signUpClient(page, 'Odile');
  const created = await page.request.post('/api/tickets', {
    data: { subject: 'Winter hours', description: 'Please show our winter opening hours.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/portal/support/${id}`);
  const reply = 'We close at 5 pm on Sundays from December.';
  await page.getByLabel('Your reply').fill(reply);

  // Signed out in another tab while this one still shows the form.
  const other = await context.newPage();
  await other.goto('/portal/dashboard');
  await other.getByRole('button', { name: 'Log Out' }).click();
  await expect(other).toHaveURL(/\/$/);
  await other.close();

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('You are logged out. Logging in again...', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(new RegExp(`/portal/support/${id}$`));
  await expect(page.getByLabel('Your reply')).toHaveValue(reply);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({
      path: test.info().outputPath(`portal-reply-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoSidewaysScroll(page, 'the ticket page at 390 px');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(reply);
  await page.reload();
  await expect(page.getByLabel('Your reply')).toHaveValue('');
});

test("the agency's reply survives its session being deleted and a new sign-in", async ({
  page,
  context,
  browser,
}) => {
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await signUpClient(clientPage, 'Lucien');
  const created = await clientPage.request.post('/api/tickets', {
    data: { subject: 'Broken map', description: 'The map on the contact page is blank.' },
  });
  const { id } = (await created.json()) as { id: string };
  await client.close();

  await restoreAdminSession(page);
  await page.goto(`/admin/support/${id}`);
  const reply = 'Fixed: the map shows again, with the new address.';
  await page.getByLabel('Reply to the client').fill(reply);

  // The session ends (its cookie gone) before the admin sends.
  const before = await context.cookies();
  await context.clearCookies();
  expect(before.length).toBeGreaterThan(0);
  expect(await context.cookies()).toEqual([]);
  await page.getByRole('button', { name: 'Send Reply' }).click();
  // The login page remembers the ticket, and signing in again comes back to it.
  await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(`/admin/support/${id}`)}`);

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/admin/support/${id}`);
  await expect(page.getByLabel('Reply to the client')).toHaveValue(reply);
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText('Reply Sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Reply to the client')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(reply);
});

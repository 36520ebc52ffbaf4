import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signUpClient, test } from './fixtures';

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations, label).toEqual([]);
}

test.describe('the client portal', () => {
  test('the profile is edited, a cancelled edit changes nothing, and a save is kept', async ({
    page,
  }) => {
    const email = await signUpClient(page);
    const account = page.locator('section, div').filter({
      has: page.getByRole('heading', { name: 'Account Information' }),
    });
    await expect(page.getByText('Welcome Camille')).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    // Not in this form: a new address proves itself with a code, under Sign-in e-mail.
    await expect(
      page.getByText('Changed under Sign-in e-mail, with a code sent to the new address'),
    ).toBeVisible();
    await page.getByLabel('Business Name').fill('Never Saved LLC');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Never Saved LLC')).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Business Name')).toHaveValue('');
    await page.getByLabel('First Name').fill('Camila');
    await page.getByLabel('Business Name').fill('Broussard Bakery');
    await page.getByLabel('Phone Number').fill('337-555-0199');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
    await expect(account.getByText('Broussard Bakery').first()).toBeVisible();
    await expect(page.getByText('Welcome Camila')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Broussard Bakery')).toBeVisible();
    await expect(page.getByText('337-555-0199')).toBeVisible();
  });

  test('a ticket is created, answered by the agency, and closed for new messages once resolved', async ({
    page,
    adminApi,
  }) => {
    // Two tests' worth of screens (one with axe's scans): more than the default half minute.
    test.setTimeout(60_000);
    await signUpClient(page, 'Delphine');
    await page.getByRole('tab', { name: 'Support' }).click();
    await expect(page.getByText('No support tickets yet')).toBeVisible();
    await page.getByRole('link', { name: 'Create New Ticket' }).click();
    await expect(page).toHaveURL(/\/portal\/support\/new$/);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await expectNoViolations(page, 'new ticket with errors');

    await page.getByLabel('Subject').fill('Update our opening hours');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Description').fill('Saturday hours are now 9 to 3.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Ticket Created', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/support\/[0-9a-f-]{36}$/);
    const ticketId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Update our opening hours' })).toBeVisible();
    await expect(page.getByText(/^Ticket #\d+$/)).toBeVisible();
    await expect(page.getByText('High priority')).toBeVisible();

    await page.getByLabel('Your reply').fill('And we close on Sundays.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Your reply')).toHaveValue('');
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByText('And we close on Sundays.')).toBeVisible();

    // The agency answers from the admin panel's API.
    const reply = await adminApi.post(`/api/admin/tickets/${ticketId}/messages`, {
      data: { message: 'Done: the site shows the new hours.' },
    });
    expect(reply.status()).toBe(201);
    await page.reload();
    const agencyReply = conversation.locator('li[data-admin-reply="true"]');
    await expect(agencyReply).toContainText('Done: the site shows the new hours.');
    await expect(agencyReply).toContainText('Support team');
    await expect(conversation.locator('li[data-admin-reply="false"]')).toContainText(
      'And we close on Sundays.',
    );
    await expect(page.getByText(/^in progress$/i)).toBeVisible();

    const resolved = await adminApi.patch(`/api/admin/tickets/${ticketId}`, {
      data: { status: 'resolved' },
    });
    expect(resolved.status()).toBe(200);
    await page.reload();
    await expect(
      page.getByText('This ticket has been resolved and is closed for new messages.'),
    ).toBeVisible();
    await expect(page.getByLabel('Your reply')).toHaveCount(0);

    // The list shows it; the dashboard's support tab links to it.
    await page.getByRole('link', { name: 'Back to Tickets' }).click();
    await expect(page.getByRole('link', { name: /Update our opening hours/ })).toBeVisible();

    // A ticket that is not there says so.
    await page.goto('/portal/support/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Tickets' })).toBeVisible();
  });

  test('choosing a plan records a pending request, which can be withdrawn; each screen passes axe', async ({
    page,
  }) => {
    // Two tests' worth of screens (one with axe's scans): more than the default half minute.
    test.setTimeout(60_000);
    await signUpClient(page, 'Felix');
    await expect(page.getByText('No invoices yet')).toBeVisible();
    await expectNoViolations(page, 'dashboard');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expectNoViolations(page, 'subscription tab');
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/portal\/subscribe$/);
    await expect(page.getByRole('button', { name: 'Subscribe to Prestige' })).toBeVisible();
    await expectNoViolations(page, 'plans');
    await expect(
      page.getByText('All plans are billed monthly. Cancel anytime. No setup fees.'),
    ).toBeVisible();
    await expect(page.getByText('Most Popular')).toBeVisible();

    await page.getByRole('button', { name: 'Subscribe to Signature' }).click();
    await expect(page.getByText('Subscription Requested', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'is pending' })).toContainText(
      'Signature',
    );

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page.getByText('Signature ($399.00/month)')).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Nothing has been billed');
    await dialog.getByRole('button', { name: 'Withdraw Request' }).click();
    await expect(page.getByText('Request Withdrawn', { exact: true })).toBeVisible();
    // A request that never started says so, with no period (not 'canceled ... has ended').
    await expect(page.getByText('Request withdrawn', { exact: true })).toBeVisible();
    await expect(page.getByText('Current Period')).toBeHidden();
  });

  test('a session that ends mid-use says so and signs the client in again', async ({ page }) => {
    await signUpClient(page, 'Gaston');
    await expect(page.getByText('No invoices yet')).toBeVisible();
    // The Support tab loads its own page of tickets: opened first, so that the first call
    // after the session ends is the ticket's submission.
    await page.getByRole('tab', { name: 'Support' }).click();
    await expect(page.getByText('No support tickets yet')).toBeVisible();
    // The session is deleted on the server (as by logging out elsewhere).
    const logout = await page.request.post('/api/logout');
    expect(logout.status()).toBe(200);

    await page.getByRole('link', { name: 'Create New Ticket' }).click();
    await page.getByLabel('Subject').fill('Still there?');
    await page.getByLabel('Description').fill('This should not be saved anywhere.');
    // The toast lives 500 ms before the sign-in navigation: recorded as it appears, so a
    // busy machine polling too late cannot miss it.
    const toasts: string[] = [];
    await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const record = (window as unknown as { recordToast: (text: string) => void }).recordToast;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-state="open"]')) {
          record(toast.textContent ?? '');
        }
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    const signedInAgain = page.waitForResponse((res) => res.url().includes('/api/callback'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() =>
        toasts.some((text) =>
          text.startsWith('UnauthorizedYou are logged out. Logging in again...'),
        ),
      )
      .toBe(true);
    // The provider still knows the client, so signing in again is immediate: back on the
    // same screen with a new session, and the refused ticket was not stored.
    await signedInAgain;
    await expect(page).toHaveURL(/\/portal\/support\/new$/);
    await expect(page.getByRole('heading', { name: 'New Ticket' })).toBeVisible();
    const tickets = await page.request.get('/api/tickets');
    expect(tickets.status()).toBe(200);
    expect(await tickets.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });
});

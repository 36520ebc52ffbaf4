import { atBothWidths, PHONE } from '../support/both-widths';
import { expect, signInAdmin, signUpClient, test } from './fixtures';

test('response times: promised to the client, due in the support list, saved replies in the reply box', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // The client, without a plan, is promised Essentials' 2 business days (1 for high priority).
  await signUpClient(page, 'Amélie');
  await page.goto('/portal/support/new');
  await expect(page.getByText('We answer within 2 business days.')).toBeVisible();
  await page.getByLabel('Priority').selectOption('high');
  await expect(
    page.getByText('We answer within 1 business day for a high-priority ticket.'),
  ).toBeVisible();
  await page.getByLabel('Subject').fill('Our booking page shows last year');
  await page.getByLabel('Description').fill('The booking calendar still shows 2025 dates.');
  await atBothWidths(page, testInfo, 'new-ticket');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('heading', { name: 'Our booking page shows last year' }),
  ).toBeVisible();
  await expect(
    page.getByText('We answer within 1 business day for a high-priority ticket.'),
  ).toBeVisible();
  await atBothWidths(page, testInfo, 'client-ticket');

  const admin = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await signInAdmin(admin);

  // A saved reply, added in Settings.
  await admin.goto('/admin/settings');
  const saved = admin.getByRole('heading', { name: 'Saved Replies' }).locator('../..');
  await saved.getByLabel('Title').fill('Looking into it');
  await saved
    .getByLabel('Text')
    .fill('Hi {{firstName}}, we are looking into ticket #{{ticketNumber}}.');
  await saved.getByRole('button', { name: 'Add Saved Reply' }).click();
  await expect(saved.getByText('Looking into it', { exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Response Times' })).toBeVisible();
  await atBothWidths(admin, testInfo, 'settings');
  await admin.setViewportSize(PHONE);
  for (const title of ['Response Times', 'Saved Replies']) {
    await admin
      .getByRole('heading', { name: title })
      .locator('../..')
      .screenshot({ path: testInfo.outputPath(`settings-${title}-390.png`) });
  }

  // The support list says when the answer is due, and sorts by it with ?sort=due.
  await admin.goto('/admin/support');
  const row = admin.getByRole('link', { name: /Our booking page shows last year/ });
  await expect(row).toContainText(/Answer due in/);
  await admin.getByLabel('Sort by').selectOption('due');
  await expect(admin).toHaveURL(/[?&]sort=due/);
  await expect(row).toBeVisible();
  await atBothWidths(admin, testInfo, 'support-list');

  // The saved reply goes into the reply box from the keyboard.
  await row.click();
  const box = admin.getByLabel('Reply to the client');
  await box.click();
  await admin.keyboard.press('/');
  const combobox = admin.getByRole('combobox', { name: 'Saved reply' });
  await expect(combobox).toBeFocused();
  await expect(admin.getByRole('option', { name: /Looking into it/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await atBothWidths(admin, testInfo, 'admin-ticket-picker');
  await combobox.press('Enter');
  await expect(box).toHaveValue(/^Hi Amélie, we are looking into ticket #\d+\.$/);
  await admin.getByLabel('Then set status').selectOption('waiting_on_client');
  await admin.getByRole('button', { name: 'Send Reply' }).click();
  await expect(admin.getByText('Reply Sent', { exact: true })).toBeVisible();
  await expect(admin.getByText('Clock paused: waiting on client')).toBeVisible();

  // The dashboard's card.
  await admin.goto('/admin/dashboard');
  const card = admin.getByRole('group', { name: 'Response Times' });
  await expect(card.getByText('No plan')).toBeVisible();
  // Other specs open tickets in the same database this month: the figures are the server
  // tests' (dashboard.response-times.test.ts); here the row shows them, this answer counted.
  await expect(card).toContainText(/No plan.*Answered in time: \d+% \([1-9]\d* of [1-9]\d*\)/);
  await expect(card).not.toContainText(/No plan.*none due yet/);
  await atBothWidths(admin, testInfo, 'dashboard');

  // The client's ticket now waits on them.
  await page.reload();
  await expect(page.getByText('We are waiting for your reply.')).toBeVisible();
});

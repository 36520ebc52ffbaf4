import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { activatePlan, expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * The owner manages a client's plan from the client page: corrects their details, changes
 * their plan from the next period, gives a month free and cancels at the period end; the
 * client sees "Your plan ends on …" and keeps the plan; the owner then ends it at once.
 * Screenshots at 1280 and 390 px.
 */

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `${testInfo.project.outputDir}/client-plan-actions/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Signs a new client up, asks for Signature, and records its first invoice paid. */
async function payingClient(page: Page, adminApi: APIRequestContext, firstName: string) {
  const email = await signUpClient(page, firstName);
  return activatePlan(page, adminApi, email, 'signature');
}

test('the owner changes, credits, cancels and ends a plan; the client keeps it', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  test.setTimeout(300_000);
  const clientId = await payingClient(page, adminApi, 'Mireille');

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto(`/admin/clients/${clientId}`);
  await expect(admin.getByRole('heading', { name: 'Mireille Broussard' })).toBeVisible();

  // The client's details.
  await admin.getByRole('button', { name: 'Edit details' }).click();
  const details = admin.getByRole('dialog', { name: 'Edit client details' });
  await details.getByLabel('Business name').fill('Bayou Bistro');
  await details.getByLabel('Phone number').fill('+1 225-555-0142');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await expect(admin.getByText('Bayou Bistro').first()).toBeVisible();
  await expect(admin.getByRole('link', { name: '+1 225-555-0142' })).toBeVisible();

  // A plan change from the next period.
  const change = admin.getByRole('form', { name: 'Change plan' });
  await change.getByLabel('New plan').selectOption('prestige');
  await change.getByRole('button', { name: 'Change plan' }).click();
  await expect(admin.getByText(/^The plan changes to Prestige on /).first()).toBeVisible();
  await expect(admin.getByText('Changing to')).toBeVisible();

  // A month free.
  await admin.getByRole('button', { name: 'Give a month free' }).click();
  await admin
    .getByRole('dialog', { name: 'Give a month free?' })
    .getByRole('button', { name: 'Give a month free' })
    .click();
  await expect(
    admin.getByText('1 free month to be credited on the next renewal invoice.'),
  ).toBeVisible();

  // Cancelled at the period end.
  await admin.getByRole('button', { name: 'Cancel at period end' }).click();
  await admin
    .getByRole('dialog', { name: 'Cancel at the period end?' })
    .getByRole('button', { name: 'Cancel at period end' })
    .click();
  await expect(admin.getByText(/^The Signature plan ends on /)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Take cancellation back' })).toBeVisible();
  await keepScreenshot(admin, testInfo, 'admin-client-1280');

  // The client sees when the plan ends, and keeps it.
  await page.goto('/portal/dashboard');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByText(/^Your plan ends on /)).toBeVisible();
  await keepScreenshot(page, testInfo, 'portal-plan-ends');
  await page.getByRole('button', { name: 'Keep my plan' }).click();
  // The toast (its text is also read out by a live region, hence the region).
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText(
        'Your cancellation is taken back: your Signature plan continues and renews as before.',
      ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();

  // On a phone, the client page's actions fit.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(admin.getByRole('button', { name: 'Cancel at period end' })).toBeVisible();
  await expectNoSidewaysScroll(admin, 'client page with plan actions');
  await keepScreenshot(admin, testInfo, 'admin-client-390');
  await admin.setViewportSize({ width: 1280, height: 900 });

  // Ended at once.
  await admin.getByRole('button', { name: 'End plan now' }).click();
  await admin
    .getByRole('dialog', { name: 'End the plan now?' })
    .getByRole('button', { name: 'End plan now' })
    .click();
  await expect(admin.getByText('Manage plan')).toBeHidden();
  await expect(admin.getByText('canceled').first()).toBeVisible();

  // Every action is in the audit log, and the client was e-mailed.
  const audit = await (
    await adminApi.get('/api/admin/audit', { params: { pageSize: '100' } })
  ).json();
  const kinds = (audit.items as { kind: string; targetId: string | null }[])
    .filter((event) => event.targetId === clientId)
    .map((event) => event.kind);
  expect(kinds).toEqual(
    expect.arrayContaining([
      'client.details_updated',
      'client.subscription_changed',
      'client.free_months_given',
    ]),
  );
  await adminContext.close();
});

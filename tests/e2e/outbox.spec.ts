import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { E2E_SMTP_CONTROL_URL } from '../../playwright.config';
import { expect, restoreAdminSession, test } from './fixtures';

/**
 * The outbox with a mail server that refuses some recipients (the SMTP stand-in), at a
 * desktop's width and a phone's: search, the status filter, paging, and 'Send again' on a
 * refused message, first still refused, then taken.
 */

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await page.evaluate(() => document.fonts.ready);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

async function refuse(addresses: string[]) {
  const res = await fetch(`${E2E_SMTP_CONTROL_URL}/refusing`, {
    method: 'PUT',
    body: JSON.stringify(addresses),
  });
  expect(res.status, 'SMTP stand-in').toBe(204);
}

async function arrivedAt(address: string): Promise<Array<{ subject: string }>> {
  const res = await fetch(`${E2E_SMTP_CONTROL_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Array<{ subject: string }>;
}

/** A signup invitation to `email`, which the mail server refuses: the admin is told (502). */
async function refusedInvitation(adminApi: APIRequestContext, email: string) {
  const made = await adminApi.post('/api/admin/generate-signup-link', {
    data: { email, planType: 'signature' },
  });
  expect(made.status()).toBe(201);
  const { link, signupUrl } = (await made.json()) as { link: { id: string }; signupUrl: string };
  const sent = await adminApi.post(`/api/admin/signup-links/${link.id}/send`, {
    data: { signupUrl },
  });
  expect(sent.status()).toBe(502);
}

// Two refused sends, a sign-in, search, filter, paging and two tries: more than the default.
test.describe.configure({ timeout: 120_000 });

const SUBJECT = 'Your Signature plan with Coast & Code Studio: create your account';

async function outboxFlow(page: Page, adminApi: APIRequestContext, testInfo: TestInfo) {
  const domain = `refused-${testInfo.project.name}-${page.viewportSize()!.width}-${Date.now()}.example`;
  const first = `amelie@${domain}`;
  const second = `baptiste@${domain}`;
  await refuse([first, second]);
  try {
    await refusedInvitation(adminApi, first);
    await refusedInvitation(adminApi, second);

    await restoreAdminSession(page);
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the outbox' }).fill(domain);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${domain.replace(/\./g, '\\.')}`));
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.first()).toContainText(`To ${second}`);
    await expect(messages.first()).toContainText('Failed');
    await expect(messages.first()).toContainText('Tried once: ');
    await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();

    await page.getByLabel('Status').selectOption('sent');
    await expect(page.getByText('No messages match this search.')).toBeVisible();
    await page.getByLabel('Status').selectOption('failed');
    await expect(messages).toHaveCount(2);

    // A page of one: the pager walks the two.
    await page.goto(`/admin/outbox?q=${domain}&status=failed&pageSize=1`);
    await expect(page.getByText('Showing 1-1 of 2')).toBeVisible();
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(second);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 2-2 of 2')).toBeVisible();
    await expect(messages.first()).toContainText(first);

    // The message: its error, Send again while the server still refuses, then once it takes it.
    await messages.first().getByRole('link', { name: SUBJECT }).click();
    await expect(page).toHaveURL(/\/admin\/outbox\/[0-9a-f-]{36}\?q=.*pageSize=1/);
    const detail = page.getByRole('alert').filter({ hasText: 'Not sent:' });
    await expect(detail).toContainText('451');
    await expect(page.getByText('Tried once.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'a failed message');
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(
      page.getByText(/^The message could not be sent: .*451/, { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByText('Tried 2 times.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('outbox-refused.png'), fullPage: true });

    await refuse([]);
    await page.getByRole('button', { name: 'Send again' }).click();
    // The toast (its text is also read out by a live region).
    await expect(page.getByText(`Sent to ${first} through SMTP 127.0.0.1.`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await expect(page.getByText('Sent on try 3.')).toBeVisible();
    expect((await arrivedAt(first)).map((mail) => mail.subject)).toEqual([SUBJECT]);
    expect(await arrivedAt(second)).toEqual([]);
    await expectNoSidewaysScroll(page, 'the outbox after Send again');
    await page.screenshot({ path: testInfo.outputPath('outbox-sent-again.png'), fullPage: true });
  } finally {
    await refuse([]);
  }
}

test.describe('at a desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the outbox is searched, filtered and paged, and a refused message is sent again', async ({
    page,
    adminApi,
  }, testInfo) => {
    await outboxFlow(page, adminApi, testInfo);
  });
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the outbox fits a phone, Send again included', async ({ page, adminApi }, testInfo) => {
    await outboxFlow(page, adminApi, testInfo);
  });
});

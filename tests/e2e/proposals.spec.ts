import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { E2E_STRIPE_URL } from '../../playwright.config';
import { atBothWidths, PHONE } from '../support/both-widths';
import { opensslVerifyPdf, pdfSignature } from '../support/pdf-signature';
import { pdfText } from '../support/pdf-text';
import {
  expect,
  mailedMatch,
  restoreAdminSession,
  signUpClient,
  test,
  uniqueEmail,
} from './fixtures';

/** The bytes of a file the browser downloaded. */
async function bytesOf(download: Download): Promise<Buffer> {
  return fs.readFile(await download.path());
}

/** Clicks `what` and answers the file it downloads. */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return bytesOf(download);
}

/**
 * Issue 38 in one go: the owner writes a proposal (a plan, two one-off items, a 50% deposit)
 * for someone new and sends it; the recipient opens the e-mailed link on a phone, draws their
 * signature with the mouse, signs, pays the deposit and the plan's first month on the
 * (stand-in) Stripe Checkout, signs up to the portal with the proposal's address and finds the
 * plan active and the sealed agreement there. The owner sees the whole timeline, and the PDF's
 * seal holds until one byte changes.
 */
test('a proposal is written, sent, signed on a phone, paid, and becomes a client with a plan', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('jeanne.thibodeaux');
  const title = 'A new website and its care';

  // The owner writes it.
  await restoreAdminSession(page);
  await page.goto('/admin/proposals/new');
  await expect(page.getByRole('heading', { name: 'New proposal', level: 1 })).toBeVisible();
  await page.getByLabel('Someone new').check();
  await page.getByLabel('Name', { exact: true }).fill('Jeanne Thibodeaux');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Business (optional)').fill('Bayou Bakery');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Plan').selectOption('essentials');
  await page.getByLabel('Description, item 1').fill('Website build');
  await page.getByLabel('Unit price ($), item 1').fill('3000');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByLabel('Description, item 2').fill('Logo design');
  await page.getByLabel('Qty, item 2').fill('2');
  await page.getByLabel('Unit price ($), item 2').fill('250');
  await page.getByLabel('Deposit (%)').fill('50');
  // One-off $3,500.00, half of it now with the plan's first month ($199.00).
  await expect(page.getByText('$3,500.00').first()).toBeVisible();
  await expect(page.getByText('$1,750.00').first()).toBeVisible();
  await atBothWidths(page, testInfo, 'proposal-form');
  await page.getByRole('button', { name: 'Save draft' }).click();

  await expect(page).toHaveURL(/\/admin\/proposals\/[0-9a-f-]{36}$/);
  const proposalId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toContainText('Draft');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the proposal?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toContainText('Sent');

  await page.goto('/admin/proposals');
  const row = page.getByRole('row', { name: new RegExp(title) }).first();
  await expect(row).toContainText('Jeanne Thibodeaux');
  await expect(row).toContainText('Sent');
  await atBothWidths(page, testInfo, 'proposals-list');

  // The e-mail, logged in the outbox; its link, read where the recipient reads it (the
  // outbox forgets a proposal's link once the mail server has taken it).
  const outbox = (await (
    await adminApi.get('/api/admin/outbox', { params: { q: email } })
  ).json()) as { items: Array<{ toAddress: string; subject: string }> };
  expect(outbox.items).toContainEqual(
    expect.objectContaining({
      toAddress: email,
      subject: `Coast & Code Studio sent you a proposal: ${title}`,
    }),
  );
  const link = await mailedMatch(email, /Read and sign the proposal: (\S+)/);
  const token = new URL(link).pathname.split('/').at(-1)!;

  // The recipient, on a phone, signed in nowhere.
  const phone = await browser.newContext({ viewport: PHONE });
  const signer = await phone.newPage();
  await signer.goto(new URL(link).pathname);
  await expect(signer.getByRole('heading', { name: title })).toBeVisible();
  await expect(signer.getByText('Website build').locator('visible=true')).toBeVisible();
  await expect(signer.getByText('Essentials').first()).toBeVisible();
  // A long address wraps inside the document rather than running into its margin.
  const documentBox = (await signer.getByRole('article', { name: title }).boundingBox())!;
  const addressBox = (await signer
    .getByRole('article', { name: title })
    .getByText(email)
    .boundingBox())!;
  expect(addressBox.x + addressBox.width).toBeLessThanOrEqual(
    documentBox.x + documentBox.width + 0.5,
  );
  await atBothWidths(signer, testInfo, 'signer-before');
  await signer.setViewportSize(PHONE);

  await signer.getByLabel('Your full name').fill('Jeanne Thibodeaux');
  const pad = signer.getByRole('img', { name: 'Signature pad, empty' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await signer.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await signer.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.35, 0.75],
    [0.5, 0.25],
    [0.65, 0.7],
    [0.85, 0.35],
  ] as const) {
    await signer.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  }
  await signer.mouse.up();
  await expect(signer.getByRole('img', { name: 'Your drawn signature' })).toBeVisible();
  await signer.getByRole('checkbox').check();
  await signer.screenshot({ path: testInfo.outputPath('signer-drawn-390.png'), fullPage: true });
  await signer.getByRole('button', { name: 'Sign', exact: true }).click();

  await expect(
    signer.getByRole('heading', { name: /^Signed by Jeanne Thibodeaux on / }),
  ).toBeFocused();
  await expect(signer.getByRole('link', { name: 'Download the signed agreement' })).toBeVisible();
  // The deposit ($1,750.00) and the plan's first month ($199.00).
  const pay = signer.getByRole('button', { name: 'Pay the deposit and first month $1,949.00' });
  await expect(pay).toBeVisible();
  await atBothWidths(signer, testInfo, 'signer-signed');
  await signer.setViewportSize(PHONE);

  await pay.click();
  await expect(signer).toHaveURL(new RegExp(`^${E2E_STRIPE_URL}/checkout/cs_test_`));
  await expect(signer.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await expect(signer.getByText('$1,949.00').first()).toBeVisible();
  await signer.getByRole('button', { name: 'Pay' }).click();
  await expect(signer).toHaveURL(new RegExp(`/proposals/${token}`));
  await expect(signer.getByText('Paid — thank you.')).toBeVisible();
  await signer.screenshot({ path: testInfo.outputPath('signer-paid-390.png'), fullPage: true });

  // The portal, under the address the proposal was sent to.
  await signUpClient(signer, 'Jeanne', { email });
  // The card under its heading: the plan's name and its status.
  const plan = signer.locator('div.rounded-lg', {
    has: signer.getByRole('heading', { name: 'Subscription Status' }),
  });
  await expect(plan).toContainText('Essentials');
  await expect(plan).toContainText('Active');
  // The card paid with at Checkout is kept for the plan's renewals.
  await expect(signer.getByText('Visa ending in 4242')).toBeVisible();
  const agreements = signer.getByRole('region', { name: 'Agreements' });
  await expect(agreements).toContainText(title);
  await expect(agreements).toContainText('Signed by Jeanne Thibodeaux');
  await agreements.scrollIntoViewIfNeeded();
  await atBothWidths(signer, testInfo, 'portal-agreements');
  const fromPortal = await downloadBy(signer, () =>
    agreements.getByRole('link', { name: `Download the PDF of ${title}` }).click(),
  );
  await phone.close();

  // The owner: the evidence, and the same sealed file.
  await page.goto(`/admin/proposals/${proposalId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toContainText('Paid');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  for (const step of [
    `Sent to ${email}`,
    'Opened by the recipient',
    'Signed by Jeanne Thibodeaux',
    'Invoice issued',
    'First invoice paid',
    "Attached to the client's account",
  ]) {
    await expect(timeline).toContainText(step);
  }
  await atBothWidths(page, testInfo, 'proposal-detail');
  const fromAdmin = await downloadBy(page, () =>
    page.getByRole('link', { name: 'Download agreement PDF' }).click(),
  );
  expect(fromAdmin.equals(fromPortal), 'every download is the same file').toBe(true);

  const text = await pdfText(fromPortal);
  expect(text).toContain(title);
  expect(text).toContain('Jeanne Thibodeaux');
  expect(text).toContain(email);
  expect(await opensslVerifyPdf(fromPortal)).toMatchObject({ ok: true });
  // One byte changed inside what the seal covers: refused.
  const tampered = Buffer.from(fromPortal);
  const [start] = pdfSignature(tampered).byteRange;
  const at = start + 200;
  tampered[at] = tampered[at]! ^ 0x01;
  expect((await opensslVerifyPdf(tampered)).ok, 'a changed copy is refused').toBe(false);

  const detail = await (await adminApi.get(`/api/admin/proposals/${proposalId}`)).json();
  // The account it attached to, and the first invoice it issued, paid.
  expect(detail).toMatchObject({
    status: 'paid',
    signerName: 'Jeanne Thibodeaux',
    clientId: expect.any(String),
  });
  const invoice = await (
    await adminApi.get(`/api/admin/invoices/${detail.depositInvoiceId}`)
  ).json();
  expect(invoice.invoice).toMatchObject({ status: 'paid', total: 194_900, clientEmail: email });
});

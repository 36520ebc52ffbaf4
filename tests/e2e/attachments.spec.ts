import { HTML, pngImage } from '../support/sample-files';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * A client opens a ticket with a logo and a web page: the logo is kept and shown as a
 * thumbnail (served by our origin under its CSP), the page is refused and named with why.
 * The agency sees the logo on its side and answers with a file the client then sees.
 */
test('a new ticket keeps the PNG with a thumbnail and names the refused HTML file; the agency sees it and answers with a file of its own', async ({
  page,
  browser,
}) => {
  // The client's and the agency's sides, once two tests: more than the default half minute.
  test.setTimeout(90_000);
  await signUpClient(page, 'Josette');
  await page.goto('/portal/support/new');
  await page.getByLabel('Subject').fill('New logo for the header');
  await page
    .getByLabel('Description')
    .fill('Please put this logo in the header, and this page as the about page.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: pngImage(64, 64) },
    { name: 'about.html', mimeType: 'text/html', buffer: HTML },
  ]);
  const chosen = page.getByRole('list', { name: 'Files to send' });
  await expect(chosen).toContainText('logo.png');
  await expect(chosen).toContainText('about.html');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/portal\/support\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const logo = page.getByRole('link', { name: /logo\.png/ });
  await expect(logo).toBeVisible();
  const thumbnail = logo.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/attachments\/[0-9a-f-]{36}$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(page.getByRole('alert')).toContainText('about.html: HTML files are not accepted');
  await expect(page.getByRole('link', { name: /about\.html/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await logo.click();
  expect((await download).suggestedFilename()).toBe('logo.png');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({
      path: test.info().outputPath(`ticket-attachments-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoSidewaysScroll(page, 'the ticket page with attachments at 390 px');

  // The agency sees the client's file and answers with one of its own.
  const agency = await browser.newPage();
  await signInAdmin(agency);
  await agency.goto(`/admin/support/${id}`);
  const clientFile = agency.getByRole('link', { name: /logo\.png/ });
  await expect(clientFile.locator('img')).toHaveAttribute(
    'src',
    /^\/api\/admin\/attachments\/[0-9a-f-]{36}$/,
  );
  await expect
    .poll(() => clientFile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(64);

  await agency.getByLabel('Reply to the client').fill('Here is the mock-up with your menu.');
  const agencyChooser = agency.waitForEvent('filechooser');
  await agency.getByRole('button', { name: 'Attach files' }).click();
  await (
    await agencyChooser
  ).setFiles([{ name: 'mock-up.png', mimeType: 'image/png', buffer: pngImage(32, 32) }]);
  await agency.getByRole('button', { name: 'Send Reply' }).click();
  await expect(agency.getByText('Reply Sent', { exact: true })).toBeVisible();
  const conversation = agency.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('link', { name: /mock-up\.png/ })).toBeVisible();
  for (const width of [1280, 390]) {
    await agency.setViewportSize({ width, height: 844 });
    await agency.screenshot({
      path: test.info().outputPath(`admin-ticket-attachments-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoSidewaysScroll(agency, "the admin's ticket at 390 px");

  await agency.goto('/admin/settings');
  await expect(agency.getByLabel('Largest file (MB)')).toHaveValue('10');
  await expect(agency.getByLabel('All files of one message (MB)')).toHaveValue('25');
  await agency.getByLabel('Largest file (MB)').scrollIntoViewIfNeeded();
  await agency.screenshot({ path: test.info().outputPath('admin-settings-attachments-390.png') });
  await agency.close();

  await page.goto(`/portal/support/${id}`);
  await expect(
    page.getByRole('list', { name: 'Conversation' }).getByRole('link', { name: /mock-up\.png/ }),
  ).toBeVisible();
});

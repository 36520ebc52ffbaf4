import { HTML, pngImage } from '../support/sample-files';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, signUpClient, test } from './fixtures';

/**
 * A client opens a ticket with a logo and a web page: the logo is kept and shown as a
 * thumbnail (served by our origin under its CSP), the page is refused and named with why.
 */
test('a new ticket keeps the PNG with a thumbnail and names the refused HTML file', async ({
  page,
}) => {
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
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { atBothWidths } from '../support/both-widths';
import { expect, signInAdmin, signUpClient, test } from './fixtures';

/**
 * The client's website: a local HTTP server answering a bakery's home page. The app reaches
 * it on the loopback address because the browser tests run it with OUTBOUND_ALLOW_LOOPBACK.
 */
async function bakerySite() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Broussard Bakery</title><h1>Fresh bread daily</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('site care: the admin watches a client’s website, and the client sees it up', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const site = await bakerySite();
  try {
    const email = await signUpClient(page, 'Camille');
    const clients = await adminApi.get('/api/admin/clients', { params: { q: email } });
    const { items } = (await clients.json()) as { items: Array<{ id: string; email: string }> };
    const clientId = items.find((client) => client.email === email)!.id;

    const admin = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    await signInAdmin(admin);
    await admin.goto(`/admin/clients/${clientId}`);
    const websites = admin.getByRole('group', { name: 'Websites' });
    await expect(
      websites.getByText("No websites yet. Add the client's website to watch it."),
    ).toBeVisible();

    // A private address is refused, with the server's words on the field.
    await websites.getByRole('button', { name: 'Add website' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a website' });
    const address = dialog.getByLabel('Website address');
    await expect(address).toBeFocused();
    await address.fill('http://10.0.0.7/');
    await dialog.getByRole('button', { name: 'Add website' }).click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toBeFocused();

    await address.fill(site.url);
    await dialog.getByLabel('Keyword (optional)').fill('Fresh bread daily');
    await dialog.getByRole('button', { name: 'Add website' }).click();
    await expect(dialog).toBeHidden();
    const article = websites.getByRole('article', { name: site.url });
    await expect(article).toBeVisible();

    await article.getByRole('button', { name: 'Check now' }).click();
    await expect(article.getByText('Up', { exact: true })).toBeVisible();
    await expect(
      article.getByText('Uptime (30 days)').locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('100%');
    await atBothWidths(admin, testInfo, 'client-page-websites');

    await article.getByRole('button', { name: 'Checks and incidents' }).click();
    const history = admin.getByRole('dialog', { name: 'Checks and incidents' });
    await expect(history.getByRole('list', { name: 'Checks' }).getByText('OK')).toHaveCount(1);
    await admin.keyboard.press('Escape');
    await expect(article.getByRole('button', { name: 'Checks and incidents' })).toBeFocused();

    // Every client's sites: this one is found by its client's e-mail.
    await admin.goto(`/admin/sites?q=${encodeURIComponent(email)}`);
    const row = admin.getByRole('row', { name: new RegExp(site.url.replace(/[.?]/g, '\\$&')) });
    await expect(row.getByText('Up', { exact: true })).toBeVisible();
    await atBothWidths(admin, testInfo, 'admin-sites');
    await row.getByRole('link', { name: site.url }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/clients/${clientId}$`));

    // The client's dashboard.
    await page.goto('/portal/dashboard');
    const card = page.getByRole('group', { name: 'Your website' });
    await expect(card.getByText(site.url)).toBeVisible();
    await expect(card.getByText('Your website is up.')).toBeVisible();
    await expect(
      card.getByText('Uptime, last 30 days').locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('100%');
    await expect(
      card.getByRole('img', { name: /^Median response \d+ ms over the last 14 days$/ }),
    ).toBeVisible();
    await atBothWidths(page, testInfo, 'portal-your-website');
  } finally {
    await site.close();
  }
});

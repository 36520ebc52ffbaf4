import { expect, test } from './fixtures';

test('the landing page carries its title, description, social cards, canonical link and structured data; robots, sitemap and noindex point crawlers at it alone', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Coast & Code Studio/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Louisiana, Mississippi/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${baseURL}/og-image.png`,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  );
  expect((await page.request.get('/og-image.png')).status()).toBe(200);

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  );
  expect(jsonLd['@type']).toBe('ProfessionalService');
  expect(jsonLd.url).toBe(`${baseURL}/`);
  expect(jsonLd.areaServed.map((area: { name: string }) => area.name)).toEqual(
    expect.arrayContaining(['Louisiana', 'Mississippi']),
  );
  expect(jsonLd.makesOffer.map((offer: { price: string }) => offer.price)).toEqual([
    '199.00',
    '399.00',
    '599.00',
  ]);

  // robots.txt and sitemap.xml point crawlers at the landing page only.
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain('Disallow: /portal');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`);

  // Portal and admin screens are marked noindex; the landing page is not.
  for (const path of ['/admin/login', '/admin/dashboard', '/portal/dashboard', '/portal']) {
    expect((await request.get(path)).headers()['x-robots-tag']).toBe('noindex, nofollow');
  }
  expect((await request.get('/')).headers()['x-robots-tag']).toBeUndefined();
});

test.describe('with the business details changed in Settings', () => {
  const details = {
    businessName: 'Bayou Web Works',
    businessPhone: '(228) 555-0142',
    businessWebsite: 'https://www.bayouweb.example/',
  };
  let before: Record<string, unknown>;
  test.beforeEach(async ({ adminApi }) => {
    before = await (await adminApi.get('/api/admin/settings')).json();
    const saved = await adminApi.put('/api/admin/settings', { data: { ...before, ...details } });
    expect(saved.status()).toBe(200);
  });
  test.afterEach(async ({ adminApi }) => {
    expect((await adminApi.put('/api/admin/settings', { data: before })).status()).toBe(200);
  });

  test('the HTML a crawler reads names the business, with its phone and website in the footer', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveTitle(/^Bayou Web Works · /);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      'Bayou Web Works',
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({
      name: 'Bayou Web Works',
      telephone: '(228) 555-0142',
      url: `${baseURL}/`,
      sameAs: ['https://www.bayouweb.example/'],
    });
    const contact = page.getByRole('contentinfo');
    await expect(contact.getByRole('link', { name: '(228) 555-0142' })).toHaveAttribute(
      'href',
      'tel:2285550142',
    );
    await expect(contact.getByRole('link', { name: 'bayouweb.example' })).toHaveAttribute(
      'href',
      'https://www.bayouweb.example/',
    );
    await expect(page.getByRole('navigation').first()).toContainText('Bayou Web Works');
    await context.close();
  });

  test('the page rendered with them hydrates without a mismatch', async ({ page }) => {
    await page.goto('/');
    // Both parts hydrated; a mismatch would print a console error and fail the test.
    await page.mouse.wheel(0, 20_000);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText('(228) 555-0142');
    await expect(page.getByRole('link', { name: 'Bayou Web Works' }).first()).toBeVisible();
  });
});

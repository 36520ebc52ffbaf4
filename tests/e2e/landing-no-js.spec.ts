import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

test('the landing page is prerendered: readable, with every section visible, before any JavaScript runs; other screens are not', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Where the Coast Meets the Code' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.locator('#pricing')).toContainText('$399.00/month');
  // The reveal wrapper of the FAQ heading: the element scroll reveal would hide.
  await expect(
    page.locator('[data-reveal]', {
      has: page.getByRole('heading', { name: 'Frequently Asked Questions' }),
    }),
  ).toHaveCSS('opacity', '1');

  // Other screens are not prerendered with landing content.
  await page.goto('/portal/dashboard');
  await expect(page.getByText('Where the Coast Meets the Code')).toHaveCount(0);
});

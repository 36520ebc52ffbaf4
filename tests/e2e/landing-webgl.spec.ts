import { chromiumLaunchOptions } from '../support/chromium';
import { expect, test } from './fixtures';

// Software WebGL (SwiftShader) for the tests of the three.js background; the other test
// files run without WebGL, which exercises the gradient fallback.
test.use({ launchOptions: chromiumLaunchOptions(['--enable-unsafe-swiftshader']) });

async function openLanding(page: import('@playwright/test').Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Where the Coast Meets the Code' })).toBeVisible();
  // The HTML is prerendered: wait until the app has hydrated it before clicking.
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
}

test('loads its own chunk after paint, and leaves no context behind across navigations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/ocean-worker-.*\.js$/.test(request.url())) chunks.push(request.url());
  });
  await openLanding(page);
  await expect(page.getByTestId('hero-background')).toHaveAttribute('data-mode', 'webgl');
  expect(chunks).toHaveLength(1);
  await expect(page.locator('canvas')).toHaveCount(1);

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/too many active webgl contexts/i.test(message.text())) warnings.push(message.text());
  });
  for (let round = 0; round < 8; round += 1) {
    await page.evaluate(() => {
      window.history.pushState(null, '', '/portal/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Please log in to continue')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('hero-background')).toHaveAttribute('data-mode', 'webgl');
  }
  await expect(page.locator('canvas')).toHaveCount(1);
  expect(warnings).toEqual([]);
});

test('stays a gradient under reduced motion, with all content visible', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openLanding(page);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('hero-background')).toHaveAttribute('data-mode', 'gradient');
  await expect(page.locator('canvas')).toHaveCount(0);
  // The reveal wrapper of the FAQ heading: the element scroll reveal would hide.
  await expect(
    page.locator('[data-reveal]', {
      has: page.getByRole('heading', { name: 'Frequently Asked Questions' }),
    }),
  ).toHaveCSS('opacity', '1');
});

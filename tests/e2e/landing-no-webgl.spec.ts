import { chromiumLaunchOptions } from '../support/chromium';
import { expect, test } from './fixtures';

// A browser without WebGL at all: the hero keeps its static gradient.
test.use({ launchOptions: chromiumLaunchOptions(['--disable-webgl', '--disable-3d-apis']) });

test('the background is a static gradient without WebGL, with no error', async ({ page }) => {
  let sceneRequested = false;
  page.on('request', (request) => {
    if (/ocean-worker-.*\.js$/.test(request.url())) sceneRequested = true;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Where the Coast Meets the Code' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('hero-background')).toHaveAttribute('data-mode', 'gradient');
  await expect(page.locator('canvas')).toHaveCount(0);
  expect(sceneRequested).toBe(false);
});

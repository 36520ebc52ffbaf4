import path from 'node:path';
import { landingScripts } from '../../bench/landing-js.mjs';
import { expect, test } from './fixtures';

/**
 * The landing page's JavaScript budget is checked without a browser (bench/landing-js.mjs,
 * run by .ci/run) from the build's chunk list. This keeps that count honest: a visitor's
 * browser fetches exactly those scripts, apart from the three.js scene.
 */
test('a visitor fetches exactly the scripts the landing budget counts', async ({ page }) => {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js') && !/\/ocean-(scene|worker|renderer)-/.test(pathname)) {
      fetched.add(pathname);
    }
  });
  const belowTheFold = page.waitForResponse((response) =>
    /\/assets\/showcase-sections-[^/]+\.js$/.test(response.url()),
  );
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await page.mouse.wheel(0, 4000);
  await belowTheFold;
  await page.waitForLoadState('networkidle');

  const counted = landingScripts(path.resolve('dist/client')).map((script) => script.file);
  expect([...fetched].sort()).toEqual(counted);
});

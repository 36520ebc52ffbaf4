import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** The admin area's chunk, as if a deploy had replaced it since the page was opened. */
const ADMIN_CHUNK = /\/assets\/admin-routes-[\w-]+\.js$/;

test('a chunk gone after a deploy reloads the page once, then says so and offers a reload', async ({
  page,
  consoleErrors,
}) => {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.route(ADMIN_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));

  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'This page needs a reload' })).toBeVisible();
  // The first failure reloaded the page by itself; the second shows the screen, no loop.
  expect(documents).toHaveLength(2);
  await expect(page.getByRole('alert')).toContainText('The site was updated while this page');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeFocused();
  await expectNoSidewaysScroll(page, 'the error screen');

  // Once the chunk is back, Reload brings the page.
  await page.unroute(ADMIN_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(documents).toHaveLength(3);

  // The failed import is reported on the console; nothing else may be.
  expect(consoleErrors.length).toBeGreaterThan(0);
  for (const error of consoleErrors) {
    expect(error).toMatch(/dynamically imported module|admin-routes/);
  }
  consoleErrors.length = 0;
});

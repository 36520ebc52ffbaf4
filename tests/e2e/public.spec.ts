import { expect, test } from './fixtures';

// One signed-out visitor tries the addresses that do not show them a screen of their own.
test('a signed-out visitor: the 404 page, the sign-in prompts, the redirects and the caching', async ({
  page,
  request,
}) => {
  // An unknown path shows the 404 page.
  await page.goto('/this/page/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/couldn't find the page you were looking for/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The portal asks a signed-out visitor to log in.
  await page.goto('/portal/dashboard');
  await expect(page.getByText('Please log in to continue')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/api/login?returnTo=%2Fportal%2Fdashboard',
  );

  // /portal goes to the dashboard and /admin to the admin login.
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Hashed assets are cached for a year and index.html is never cached.
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const assetPath = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
  expect(assetPath).toBeTruthy();
  const asset = await request.get(assetPath!);
  expect(asset.headers()['cache-control']).toContain('max-age=31536000');
  expect(asset.headers()['cache-control']).toContain('immutable');
  // History fallback: a deep link gets the app.
  await page.goto('/portal/support/some-id');
  await expect(page.getByText('Please log in to continue')).toBeVisible();
});

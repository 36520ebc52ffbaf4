import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN, E2E_SETUP_TOKEN } from '../../playwright.config';
import {
  enterMailedCode,
  expect,
  restoreAdminSession,
  signInAdmin,
  test,
  uniqueEmail,
} from './fixtures';

test('admin sign-in: a wrong password is refused, the right one opens the admin shell, logout ends it', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // 'Welcome!' if this is the shared admin's very first sign-in, 'Welcome back!' after that.
  await expect(page.getByText(/^Welcome( back)?!$/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Coast & Code Studio Admin')).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Welcome( back)?, ${E2E_ADMIN.firstName}$`)),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'Invoices' }).click();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await expect(
    page.getByText(new RegExp(`^Welcome( back)?, ${E2E_ADMIN.firstName}$`)),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByText('You have been successfully logged out', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto('/admin/settings');
  await expect(
    page.getByText('Please login to access the admin panel', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fsettings');

  // Signing in again is a return, whatever came before.
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByText(`Welcome back, ${E2E_ADMIN.firstName}`)).toBeVisible();
});

test('a client session gets 401 from the admin API', async ({ page }) => {
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill('Theo');
  await page.getByLabel('Last name').fill('Landry');
  const email = uniqueEmail('theo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('gulf-coast-99');
  await page.getByRole('button', { name: 'Create account' }).click();
  await enterMailedCode(page, email);
  await expect(page.getByText('Welcome Theo')).toBeVisible();

  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const admin = await page.request.get('/api/admin/me');
  expect(admin.status()).toBe(401);
  expect(await admin.json()).toEqual({ message: 'Unauthorized' });
});

test('the dashboard shows the figures from the API, the plan distribution and the quick actions', async ({
  page,
  adminApi,
}) => {
  const stats = await (await adminApi.get('/api/admin/dashboard-stats')).json();
  await signInAdmin(page);

  const card = (title: string) => page.getByRole('group', { name: title });
  await expect(card('Active Subscribers')).toContainText(String(stats.activeSubscribers));
  await expect(card('Monthly Revenue (MRR)')).toContainText(
    // The answer is in cents; the card shows dollars.
    `$${(stats.mrr / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(card('Conversion Rate')).toContainText(
    `${(stats.conversionRate * 100).toFixed(1)}%`,
  );
  const bars = page.getByRole('list', { name: 'Active subscriptions by plan' });
  await expect(bars.getByRole('listitem')).toHaveCount(3);
  await expect(bars).toContainText(`Signature${stats.planDistribution.signature} `);

  await expect(page.getByRole('link', { name: 'Create Invoice' })).toHaveAttribute(
    'href',
    '/admin/invoices/new',
  );
  await expect(page.getByRole('link', { name: 'Generate Client Link' })).toHaveAttribute(
    'href',
    '/admin/clients/invite',
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('consultation requests reach the Requests screen, where the owner records the outcome', async ({
  page,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const sent = await visitor.post('/api/consultations', {
    data: {
      name: 'Rosalie Fontenot',
      email: 'rosalie@example.com',
      business: 'Fontenot Florals',
      details: 'A shop with delivery areas.',
    },
  });
  expect(sent.status()).toBe(201);
  await visitor.dispose();

  await signInAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: /Requests \d+ new/ })).toBeVisible();
  await nav.getByRole('link', { name: /Requests/ }).click();

  const card = page.getByRole('listitem').filter({ hasText: 'Rosalie Fontenot' });
  await expect(card).toContainText('Fontenot Florals');
  await expect(card).toContainText('A shop with delivery areas.');
  await card.getByLabel('Status').selectOption('contacted');
  await expect(page.getByText('Request Updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Rosalie Fontenot' }).getByLabel('Status'),
  ).toHaveValue('contacted');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('the admin changes the password on the settings screen and signs in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('second.admin');
  const created = await request.post('/api/admin/setup', {
    headers: { 'X-Admin-Setup-Token': E2E_SETUP_TOKEN },
    data: { email, password: 'first-password-1', firstName: 'Nadia' },
  });
  expect(created.status()).toBe(201);

  const signIn = async (password: string) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await signIn('first-password-1');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Settings' })
    .click();
  // Account Information names the admin; the Admins card lists them among the others.
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Invite an admin by e-mail')).toBeVisible();

  await page.getByLabel('Current Password').fill('first-password-1');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await page.getByLabel('Current Password').fill('wrong-password-1');
  await page.getByLabel('New Password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm New Password').fill('second-password-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

  await page.getByLabel('Current Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Updated', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn('first-password-1');
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await signIn('second-password-2');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Welcome back, Nadia')).toBeVisible();
});

test('business information saved in settings shows on the site', async ({ page, adminApi }) => {
  const original = await (await adminApi.get('/api/admin/settings')).json();
  try {
    await restoreAdminSession(page);
    await page.goto('/admin/settings');
    await page.getByLabel('State', { exact: true }).fill('M1');
    await page.getByRole('button', { name: 'Save Business Information' }).click();
    await expect(page.getByText('State must be a two-letter code, e.g. LA')).toBeVisible();

    await page.getByLabel('Business Name').fill('Gulf Pixel Co');
    await page.getByLabel('City').fill('Biloxi');
    await page.getByLabel('State', { exact: true }).fill('MS');
    await page.getByRole('button', { name: 'Save Business Information' }).click();
    await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
    await expect(page.getByText('Gulf Pixel Co Admin')).toBeVisible();

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByRole('contentinfo')).toContainText('Biloxi, MS');
    await expect(page.getByRole('contentinfo')).toContainText('Gulf Pixel Co');
  } finally {
    expect((await adminApi.put('/api/admin/settings', { data: original })).status()).toBe(200);
  }
});

import { enterMailedCode, expect, test, uniqueEmail } from './fixtures';

test('a new client creates an account through the built-in provider, stays signed in and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('camille');
  await page.goto('/');
  await page.getByRole('link', { name: 'Client Portal' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Last name').fill('Broussard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('bayou-breeze-42');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The address is proven by the code mailed to it before the account exists.
  await expect(page.getByText(`If ${email} can receive e-mail`)).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. You have 4 tries left.',
  );
  await enterMailedCode(page, email);

  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByText('Welcome Camille')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Welcome Camille')).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Where the Coast Meets the Code' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // Signing in again takes the password, and a wrong one is refused clearly.
  await page.getByRole('link', { name: 'Client Portal' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await page.getByLabel('Password').fill('bayou-breeze-42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome Camille')).toBeVisible();
});

test('a browser that opened the app as 127.0.0.1 still signs in', async ({ page, baseURL }) => {
  const otherName = baseURL!.replace('localhost', '127.0.0.1');
  await page.goto(`${otherName}/api/login`);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

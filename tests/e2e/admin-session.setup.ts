import { E2E_ADMIN, ADMIN_SESSION_FILE } from '../../playwright.config';
import { expect, test as setup } from '@playwright/test';

// One sign-in of the shared admin for the whole run: each bcrypt comparison costs a quarter
// of a second, and the sign-in form is exercised by admin.spec.ts itself.
setup('the shared admin signs in once', async ({ request }) => {
  const res = await request.post('/api/admin/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(res.status(), 'admin sign-in').toBe(200);
  await request.storageState({ path: ADMIN_SESSION_FILE });
});

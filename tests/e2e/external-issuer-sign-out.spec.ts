import {
  freePort,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import { expect, test } from './fixtures';

/**
 * The sign-out page against a third-party issuer on an origin of its own: the page's form
 * post is redirected to the issuer's end-session endpoint, which the page's CSP (form-action)
 * must let the browser follow. The e2e app uses the built-in provider on its own origin, so
 * this test starts a second, built app configured with OIDC_ISSUER_URL.
 */
test.describe('an external issuer', () => {
  let issuer: TestIssuer;
  let app: ServerProcess;
  let database: ProcessDatabase;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    // Another host name than the app's: the issuer's cookies are its own, as they would be.
    issuer = await startTestIssuer({
      appUrl: `http://127.0.0.1:${port}`,
      host: 'localhost',
      accounts: {
        gabrielle: {
          email: 'gabrielle.signout@example.com',
          email_verified: true,
          given_name: 'Gabrielle',
          family_name: 'Fontenot',
        },
      },
    });
    database = await processDatabase();
    app = await startServerProcess(
      {
        ...database.env,
        OIDC_ISSUER_URL: issuer.url,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
      { port, built: true },
    );
  });

  test.afterAll(async () => {
    await app?.kill('SIGTERM');
    await issuer?.close();
    await database?.drop();
  });

  test("the /api/logout page's Log out button ends the issuer's session too", async ({ page }) => {
    // The stand-in issuer's stock pages import a web font: only loopback may be reached.
    await page.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route) => route.abort(),
    );
    await page.goto(`${app.baseUrl}/api/login`);
    await expect(page).toHaveURL(new RegExp(`^${issuer.url}/interaction/`));
    await page.getByPlaceholder('Enter any login').fill('gabrielle');
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/portal/dashboard`);
    await expect(page.getByText('Welcome Gabrielle')).toBeVisible();

    // While the issuer's session lives, signing in again goes straight back to the app.
    await page.goto(`${app.baseUrl}/api/login`);
    await expect(page).toHaveURL(`${app.baseUrl}/portal/dashboard`);

    // Where old links and the README send people: the app's page, then the issuer's. A CSP
    // violation on the way (form-action not naming the issuer) fails the test in its fixture.
    await page.goto(`${app.baseUrl}/api/logout`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer.url}/session/end\\?`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/`);
    await expect(
      page.getByRole('heading', { name: 'Where the Coast Meets the Code' }),
    ).toBeVisible();
    expect((await page.request.get(`${app.baseUrl}/api/auth/user`)).status()).toBe(401);

    // The issuer asks who it is again: its session ended with the app's.
    await page.goto(`${app.baseUrl}/api/login`);
    await expect(page).toHaveURL(new RegExp(`^${issuer.url}/interaction/`));
    await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminLoginResultSchema, SignedInAdminSchema } from '@shared/schemas/auth';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminLoginPage } from './admin-login-page';

function renderLogin() {
  return renderWithApp(<AdminLoginPage />, '/admin/login');
}

/** POST /api/admin/login answered by `answer`. */
function stubLogin(answer: () => Response) {
  apiServer.use(http.post('/api/admin/login', answer));
}

/** The admin the login answers with. */
const SIGNED_IN = {
  id: '1',
  email: 'owner@example.com',
  firstName: 'Renée',
  lastName: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  firstSignIn: false,
};

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('AdminLoginPage', () => {
  it("shows the server's message when the credentials are wrong", async () => {
    stubLogin(() => errorJson(401, 'Invalid credentials'));
    renderLogin();
    await signIn('owner@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    // The spec's toast too, although the answer is a 401.
    expect((await screen.findAllByText('Sign-in failed', {}, { timeout: 5000 }))[0]).toBeVisible();
  });

  it('says an error occurred when the network fails', async () => {
    stubLogin(() => HttpResponse.error());
    renderLogin();
    await signIn('owner@example.com', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login');
  });

  it('validates the e-mail before sending anything', async () => {
    const calls = recordRequests();
    renderLogin();
    await signIn('not-an-email', 'whatever-password');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/admin/login');
  });

  it('welcomes the admin and goes to the dashboard', async () => {
    stubLogin(() => json(AdminLoginResultSchema, SIGNED_IN));
    const location = renderLogin();
    await signIn('owner@example.com', 'right-password');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
  });

  it('welcomes an admin signing in for the first time without "back"', async () => {
    stubLogin(() => json(AdminLoginResultSchema, { ...SIGNED_IN, firstSignIn: true }));
    renderLogin();
    await signIn('owner@example.com', 'right-password');
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });

  it('comes back to the screen the session ended on', async () => {
    stubLogin(() => json(AdminLoginResultSchema, SIGNED_IN));
    const location = renderWithApp(
      <AdminLoginPage />,
      '/admin/login?next=%2Fadmin%2Fsupport%2F7a8b%3Fstatus%3Dopen',
    );
    await signIn('owner@example.com', 'right-password');
    await screen.findByText('Welcome back!');
    expect(location.history?.at(-1)).toBe('/admin/support/7a8b?status=open');
  });

  it('asks for the code after the password when two-factor is on, then signs in', async () => {
    stubLogin(() => json(AdminLoginResultSchema, { twoFactorRequired: true }));
    apiServer.use(
      http.post('/api/admin/login/two-factor', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === '123456'
          ? json(SignedInAdminSchema, {
              id: '1',
              email: 'owner@example.com',
              firstName: 'Ann',
              lastName: null,
              createdAt: '',
              twoFactorEnabled: true,
              twoFactorSetupRequired: false,
              firstSignIn: false,
            })
          : errorJson(401, 'Invalid authentication code');
      }),
    );
    const calls = recordRequests();
    const location = renderLogin();
    await signIn('owner@example.com', 'right-password');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/login');

    const user = userEvent.setup();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code');
    expect(location.history?.at(-1)).toBe('/admin/login');

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    expect(
      calls.filter((call) => call.url === '/api/admin/login/two-factor').map((c) => c.body),
    ).toEqual([{ code: '000000' }, { code: '123456' }]);
  });
});

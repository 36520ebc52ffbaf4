import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@tests/support/render-app';
import { AdminLoginPage } from './admin-login-page';

function renderLogin() {
  return renderWithApp(<AdminLoginPage />, '/admin/login');
}

function stubApi(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => handler(url, init)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The admin the login answers with. */
const SIGNED_IN = {
  id: '1',
  email: 'owner@example.com',
  firstName: 'Renée',
  lastName: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AdminLoginPage', () => {
  it("shows the server's message when the credentials are wrong", async () => {
    stubApi((url) =>
      url === '/api/admin/login'
        ? new Response('{"message":"Invalid credentials"}', { status: 401 })
        : new Response('{}', { status: 200 }),
    );
    renderLogin();
    await signIn('owner@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    // The spec's toast too, although the answer is a 401.
    expect((await screen.findAllByText('Login failed', {}, { timeout: 5000 }))[0]).toBeVisible();
  });

  it('says an error occurred when the network fails', async () => {
    stubApi((url) => {
      if (url === '/api/admin/login') throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    });
    renderLogin();
    await signIn('owner@example.com', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login');
  });

  it('validates the e-mail before sending anything', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await signIn('not-an-email', 'whatever-password');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/login', expect.anything());
  });

  it('welcomes the admin and goes to the dashboard', async () => {
    stubApi((url) =>
      url === '/api/admin/login'
        ? new Response(JSON.stringify(SIGNED_IN))
        : new Response(
            JSON.stringify({
              businessName: 'Coast & Code Studio',
              businessEmail: 'a@b.co',
              businessLocation: 'x',
            }),
          ),
    );
    const location = renderLogin();
    await signIn('owner@example.com', 'right-password');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
  });

  it('comes back to the screen the session ended on', async () => {
    stubApi((url) =>
      url === '/api/admin/login' ? new Response(JSON.stringify(SIGNED_IN)) : new Response('{}'),
    );
    const location = renderWithApp(
      <AdminLoginPage />,
      '/admin/login?next=%2Fadmin%2Fsupport%2F7a8b%3Fstatus%3Dopen',
    );
    await signIn('owner@example.com', 'right-password');
    await screen.findByText('Welcome back!');
    expect(location.history?.at(-1)).toBe('/admin/support/7a8b?status=open');
  });

  it('asks for the code after the password when two-factor is on, then signs in', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    stubApi((url, init) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/admin/login') return new Response('{"twoFactorRequired":true}');
      if (url === '/api/admin/login/two-factor') {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        return code === '123456'
          ? new Response(
              JSON.stringify({
                id: '1',
                email: 'owner@example.com',
                firstName: 'Ann',
                lastName: null,
                createdAt: '',
                twoFactorEnabled: true,
                twoFactorSetupRequired: false,
              }),
            )
          : new Response('{"message":"Invalid authentication code"}', { status: 401 });
      }
      return new Response(
        JSON.stringify({
          businessName: 'Coast & Code Studio',
          businessEmail: 'a@b.co',
          businessLocation: 'x',
        }),
      );
    });
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

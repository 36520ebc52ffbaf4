import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_INVITE_INVALID,
  ADMIN_LINK_INVALID,
  ADMIN_SETUP_FINISHED,
  AdminInviteDetailsSchema,
  AdminLinkReadySchema,
} from '@shared/schemas/admin-accounts';
import { AdminLoginResultSchema, SignedInAdminSchema } from '@shared/schemas/auth';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AcceptAdminInvitePage } from './accept-admin-invite-page';
import { AdminResetPasswordPage } from './admin-reset-password-page';
import { FirstAdminSetupPage } from './first-admin-setup-page';

/** The admin the server answers with once the account is made. */
const NEW_ADMIN = {
  id: '2',
  email: 'ines.arceneaux@example.com',
  firstName: 'Inès',
  lastName: 'Arceneaux',
  createdAt: '2026-11-26T09:00:00.000Z',
  firstSignIn: true,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

/** Fills the form once the link is checked and the form shows. */
async function fillAccount(fields: Record<string, string>) {
  const user = userEvent.setup();
  await screen.findByLabelText('First name');
  for (const [label, value] of Object.entries(fields)) {
    await user.type(screen.getByLabelText(label), value);
  }
  return user;
}

describe('AcceptAdminInvitePage', () => {
  const open = () =>
    renderWithApp(<AcceptAdminInvitePage />, '/admin/accept-invite?token=invite-token');

  it('names the invited address, then makes the account and opens the dashboard', async () => {
    apiServer.use(
      http.get('/api/admin/admin-invites/accept', () =>
        json(AdminInviteDetailsSchema, { email: NEW_ADMIN.email }),
      ),
      http.post('/api/admin/admin-invites/accept', () => json(AdminLoginResultSchema, NEW_ADMIN)),
    );
    const calls = recordRequests();
    const location = open();
    expect(await screen.findByText(NEW_ADMIN.email)).toBeInTheDocument();
    const user = await fillAccount({
      'First name': 'Inès',
      'Last name': 'Arceneaux',
      'New password': 'a-long-password',
      'Confirm new password': 'a-long-password',
    });
    await user.click(screen.getByRole('button', { name: 'Create my admin account' }));

    expect(await screen.findByText('Your admin account is ready.')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    const sent = calls.find((call) => call.method === 'POST');
    await waitFor(() =>
      expect(sent?.body).toEqual({
        firstName: 'Inès',
        lastName: 'Arceneaux',
        password: 'a-long-password',
        token: 'invite-token',
      }),
    );
  });

  it('sends nothing while the passwords differ', async () => {
    apiServer.use(
      http.get('/api/admin/admin-invites/accept', () =>
        json(AdminInviteDetailsSchema, { email: NEW_ADMIN.email }),
      ),
    );
    const calls = recordRequests();
    open();
    await screen.findByText(NEW_ADMIN.email);
    const user = await fillAccount({
      'First name': 'Inès',
      'Last name': 'Arceneaux',
      'New password': 'a-long-password',
      'Confirm new password': 'another-password',
    });
    await user.click(screen.getByRole('button', { name: 'Create my admin account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says why a revoked invitation no longer works, with a way to sign in', async () => {
    apiServer.use(
      http.get('/api/admin/admin-invites/accept', () => errorJson(410, ADMIN_INVITE_INVALID)),
    );
    open();
    expect(await screen.findByText(ADMIN_INVITE_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('FirstAdminSetupPage', () => {
  const open = () => renderWithApp(<FirstAdminSetupPage />, '/admin/setup?token=setup-token');

  it('creates the first admin with its e-mail and opens the dashboard', async () => {
    apiServer.use(
      http.get('/api/admin/first-admin', () => json(AdminLinkReadySchema, { ready: true })),
      http.post('/api/admin/first-admin', () => json(AdminLoginResultSchema, NEW_ADMIN)),
    );
    const calls = recordRequests();
    const location = open();
    const user = await fillAccount({
      'First name': 'Inès',
      'Last name': 'Arceneaux',
      Email: NEW_ADMIN.email,
      'New password': 'a-long-password',
      'Confirm new password': 'a-long-password',
    });
    await user.click(screen.getByRole('button', { name: 'Create admin account' }));

    expect(await screen.findByText('Your admin account is ready.')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        firstName: 'Inès',
        lastName: 'Arceneaux',
        email: NEW_ADMIN.email,
        password: 'a-long-password',
        token: 'setup-token',
      }),
    );
  });

  it('says setup is finished once an admin exists, and shows no form', async () => {
    apiServer.use(http.get('/api/admin/first-admin', () => errorJson(409, ADMIN_SETUP_FINISHED)));
    open();
    expect(await screen.findByText(ADMIN_SETUP_FINISHED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });
});

describe('AdminResetPasswordPage', () => {
  const open = () =>
    renderWithApp(<AdminResetPasswordPage />, '/admin/reset-password?token=reset-token');
  const linkWorks = () =>
    http.get('/api/admin/password-reset', () => json(AdminLinkReadySchema, { ready: true }));

  async function setPassword() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a-new-long-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    return user;
  }

  it('sets the password and signs in when no second factor is on', async () => {
    apiServer.use(
      linkWorks(),
      http.post('/api/admin/password-reset', () => json(AdminLoginResultSchema, NEW_ADMIN)),
    );
    const calls = recordRequests();
    const location = open();
    await setPassword();
    expect(
      await screen.findByText('You are signed in with your new password.'),
    ).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        token: 'reset-token',
        password: 'a-new-long-password',
      }),
    );
  });

  it('still asks for the authenticator code when two-factor authentication is on', async () => {
    apiServer.use(
      linkWorks(),
      http.post('/api/admin/password-reset', () =>
        json(AdminLoginResultSchema, { twoFactorRequired: true }),
      ),
      http.post('/api/admin/login/two-factor', () =>
        json(SignedInAdminSchema, { ...NEW_ADMIN, twoFactorEnabled: true }),
      ),
    );
    const location = open();
    const user = await setPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    // Not signed in yet: the dashboard waits for the code.
    expect(location.history?.at(-1)).toBe('/admin/reset-password?token=reset-token');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
  });

  it('says an expired link no longer works', async () => {
    apiServer.use(http.get('/api/admin/password-reset', () => errorJson(410, ADMIN_LINK_INVALID)));
    open();
    expect(await screen.findByText(ADMIN_LINK_INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

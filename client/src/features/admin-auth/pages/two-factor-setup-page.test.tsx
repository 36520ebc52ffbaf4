import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SignedInAdminSchema, TwoFactorStatusSchema } from '@shared/schemas/auth';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { TwoFactorSetupPage } from './two-factor-setup-page';

function stubAdmin(twoFactorSetupRequired: boolean) {
  apiServer.use(
    http.get('/api/admin/me', () =>
      json(SignedInAdminSchema, {
        id: 'a1',
        email: 'owner@example.com',
        firstName: 'Morgan',
        lastName: null,
        createdAt: '2026-11-01T09:00:00.000Z',
        twoFactorEnabled: false,
        twoFactorSetupRequired,
        firstSignIn: false,
      }),
    ),
    http.get('/api/admin/two-factor', () =>
      json(TwoFactorStatusSchema, { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    ),
  );
}

describe('TwoFactorSetupPage', () => {
  it('says two-factor is required when the business requires it', async () => {
    stubAdmin(true);
    renderWithApp(<TwoFactorSetupPage />, '/admin/two-factor-setup');
    expect(await screen.findByText('Required for every admin')).toBeInTheDocument();
    expect(
      screen.getByText(/Your business requires two-factor authentication for every admin/),
    ).toBeInTheDocument();
  });

  it('offers two-factor without calling it required when the setting is off', async () => {
    stubAdmin(false);
    renderWithApp(<TwoFactorSetupPage />, '/admin/two-factor-setup');
    expect(await screen.findByText('Protect your account')).toBeInTheDocument();
    expect(screen.getByText(/Recommended, not required/)).toBeInTheDocument();
    expect(screen.queryByText(/required for every admin/i)).not.toBeInTheDocument();
  });
});

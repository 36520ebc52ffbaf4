import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PasswordChangedSchema, PasswordStatusSchema } from '@shared/schemas/profile';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ChangePasswordCard } from './change-password-card';

/** The status answer, and POST /api/auth/user/password answered in turn by `answers`. */
function stubPasswordApi(canChange: boolean, answers: Array<() => Response> = []) {
  const sent: unknown[] = [];
  apiServer.use(
    http.get('/api/auth/user/password', () => json(PasswordStatusSchema, { canChange })),
    http.post('/api/auth/user/password', async ({ request }) => {
      sent.push(await request.json());
      return answers.shift()!();
    }),
  );
  return sent;
}

describe('ChangePasswordCard', { timeout: 15_000 }, () => {
  it('asks for the current password, shows a wrong one on its field, then changes it', async () => {
    const sent = stubPasswordApi(true, [
      () => errorJson(400, 'Your current password is not right.'),
      () =>
        json(PasswordChangedSchema, {
          message: 'Password changed. Other devices have been logged out.',
        }),
    ]);
    renderWithApp(<ChangePasswordCard />, '/portal/dashboard');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Change password' }));
    await u.type(screen.getByLabelText('Current password'), 'wrong-one');
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm new password'), 'brand-new-typo');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await u.clear(screen.getByLabelText('Current password'));
    await u.type(screen.getByLabelText('Current password'), 'right-one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. Other devices have been logged out.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(sent).toEqual([
      {
        currentPassword: 'wrong-one',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
      {
        currentPassword: 'right-one',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
    ]);
  });

  it('shows nothing for a client whose password another service holds', async () => {
    stubPasswordApi(false);
    const asked = recordRequests();
    renderWithApp(<ChangePasswordCard />, '/portal/dashboard');
    await waitFor(() => expect(asked.map((call) => call.url)).toContain('/api/auth/user/password'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});

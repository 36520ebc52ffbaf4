import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { expect, it, vi } from 'vitest';
import { LogoutResultSchema } from '@shared/schemas/auth';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { SignOutButton } from './sign-out-button';

function stubLogout(response: () => Response) {
  apiServer.use(http.post('/api/logout', response));
  return recordRequests();
}

it('posts to /api/logout, then goes to the end-session address the server gives', async () => {
  const endSession = 'http://localhost:5000/oidc/session/end?id_token_hint=abc';
  const calls = stubLogout(() => json(LogoutResultSchema, { redirectTo: endSession }));
  const navigate = vi.fn();
  renderWithApp(<SignOutButton navigate={navigate}>Log out</SignOutButton>, '/portal/dashboard');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith(endSession));
  expect(calls.map(({ method, url }) => ({ method, url }))).toEqual([
    { method: 'POST', url: '/api/logout' },
  ]);
  expect(screen.getByRole('button', { name: 'Log out' })).toBeDisabled();
});

it("says 'Failed to logout' when the server refuses, and stays", async () => {
  stubLogout(() => errorJson(403, 'Cross-site request refused'));
  const navigate = vi.fn();
  renderWithApp(<SignOutButton navigate={navigate}>Log out</SignOutButton>, '/portal/dashboard');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
  // The toast's code loads with the first toast: give it time on a busy machine.
  expect((await screen.findAllByText('Failed to logout', {}, { timeout: 5000 }))[0]).toBeVisible();
  expect(navigate).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithApp } from '@tests/support/render-app';
import { SignOutButton } from './sign-out-button';

const calls: Array<{ url: string; method?: string }> = [];

function stubLogout(response: () => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return url === '/api/logout' && init?.method === 'POST'
        ? response()
        : new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('posts to /api/logout, then goes to the end-session address the server gives', async () => {
  const endSession = 'http://localhost:5000/oidc/session/end?id_token_hint=abc';
  stubLogout(() => new Response(JSON.stringify({ redirectTo: endSession }), { status: 200 }));
  const navigate = vi.fn();
  renderWithApp(<SignOutButton navigate={navigate}>Log Out</SignOutButton>, '/portal/dashboard');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith(endSession));
  expect(calls).toEqual([{ url: '/api/logout', method: 'POST' }]);
  expect(screen.getByRole('button', { name: 'Log Out' })).toBeDisabled();
});

it("says 'Failed to logout' when the server refuses, and stays", async () => {
  stubLogout(() => new Response('{"message":"Cross-site request refused"}', { status: 403 }));
  const navigate = vi.fn();
  renderWithApp(<SignOutButton navigate={navigate}>Log Out</SignOutButton>, '/portal/dashboard');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
  // The toast's code loads with the first toast: give it time on a busy machine.
  expect((await screen.findAllByText('Failed to logout', {}, { timeout: 5000 }))[0]).toBeVisible();
  expect(navigate).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
});

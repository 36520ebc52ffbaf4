import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  EmailChangeAnswerSchema,
  EmailChangeStatusSchema,
  type EmailChangeStatus,
} from '@shared/schemas/profile';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ChangeEmailCard } from './change-email-card';

const OLD = 'camille@example.com';
const NEW = 'camille@bayoubistro.com';
const PENDING = { email: NEW, expiresAt: '2026-11-27T15:15:00.000Z' };

/**
 * The portal's e-mail change: GET answers the state the steps left; each POST is answered in
 * turn by `answers`, and a successful start makes the change pending, a confirmation or a
 * cancellation ends it.
 */
function stubEmailApi(start: EmailChangeStatus, answers: Array<() => Response> = []) {
  let current = start;
  const after = (url: string, ok: boolean) => {
    if (!ok) return;
    if (url.endsWith('/api/auth/user/email')) current = { canChange: true, pending: PENDING };
    if (url.endsWith('/confirm')) current = { canChange: true, pending: null };
  };
  apiServer.use(
    http.get('/api/auth/user/email', () => json(EmailChangeStatusSchema, current)),
    http.post('/api/auth/user/email*', ({ request }) => {
      const answer = answers.shift()!();
      after(new URL(request.url).pathname, answer.ok);
      return answer;
    }),
    http.delete('/api/auth/user/email', () => {
      current = { canChange: true, pending: null };
      return json(EmailChangeAnswerSchema, {
        message: 'The e-mail change is cancelled.',
        pending: null,
      });
    }),
  );
  return recordRequests();
}

const answer = (message: string, pending: typeof PENDING | null) => () =>
  json(EmailChangeAnswerSchema, { message, pending });

describe('ChangeEmailCard', { timeout: 15_000 }, () => {
  it('sends a code to the new address, shows a wrong code on its field, and confirms the right one', async () => {
    const calls = stubEmailApi({ canChange: true, pending: null }, [
      answer(
        `We sent a 6-digit code to ${NEW}. Enter it here to confirm your new address.`,
        PENDING,
      ),
      () => errorJson(400, 'That code is not right. You have 4 tries left.'),
      answer(`We sent a new code to ${NEW}.`, PENDING),
      answer(`Your e-mail address is now ${NEW}. Use it to sign in from now on.`, null),
    ]);
    renderWithApp(<ChangeEmailCard email={OLD} />, '/portal/dashboard');
    const u = userEvent.setup();
    expect(await screen.findByText(OLD)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await u.type(screen.getByLabelText('New e-mail address'), NEW);
    await u.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(/^Enter the 6-digit code we sent to/)).toHaveTextContent(
      `Enter the 6-digit code we sent to ${NEW}.`,
    );
    const code = screen.getByLabelText('Code');
    await u.type(code, '12');
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeVisible();

    await u.clear(code);
    await u.type(code, '000000');
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right. You have 4 tries left.')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await u.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(`We sent a new code to ${NEW}.`)).toBeInTheDocument();

    await u.clear(code);
    await u.type(code, '482 913');
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(`Your e-mail address is now ${NEW}. Use it to sign in from now on.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Code')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/auth/user/email', body: { email: NEW } },
      { method: 'POST', url: '/api/auth/user/email/confirm', body: { code: '000000' } },
      { method: 'POST', url: '/api/auth/user/email/resend', body: undefined },
      { method: 'POST', url: '/api/auth/user/email/confirm', body: { code: '482913' } },
    ]);
  });

  it('shows a change the agency started, waiting for its code, and lets the client cancel it', async () => {
    const calls = stubEmailApi({ canChange: true, pending: PENDING });
    renderWithApp(<ChangeEmailCard email={OLD} />, '/portal/dashboard');
    const u = userEvent.setup();
    expect(await screen.findByLabelText('Code')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change e-mail' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByRole('button', { name: 'Change e-mail' })).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows nothing for a client whose e-mail another service holds', async () => {
    const calls = stubEmailApi({ canChange: false, pending: null });
    renderWithApp(<ChangeEmailCard email={OLD} />, '/portal/dashboard');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/auth/user/email'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Sign-in e-mail')).toBeNull();
  });
});

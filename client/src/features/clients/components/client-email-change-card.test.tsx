import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ClientDetail } from '@shared/schemas/clients';
import {
  EmailChangeAnswerSchema,
  EmailChangeStatusSchema,
  type EmailChangeStatus,
} from '@shared/schemas/profile';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ClientEmailChangeCard } from './client-email-change-card';

const ID = '0b1c2d3e-0000-4000-8000-000000000001';
const PATH = `/api/admin/clients/${ID}/email-change`;
const NEW = 'camille@bayoubistro.com';
const EXPIRES = '2026-11-28T15:00:00.000Z';

const profile: ClientDetail['profile'] = {
  id: ID,
  firstName: 'Camille',
  lastName: 'Broussard',
  name: 'Camille Broussard',
  email: 'camille@example.com',
  emailVerified: true,
  businessName: null,
  phoneNumber: null,
  createdAt: '2026-10-02T15:00:00.000Z',
  card: null,
  autoPay: true,
  deactivatedAt: null,
};

/** GET answers `status`; POST answers in turn by `answers` (then the change is pending); DELETE drops it. */
function stubEmailChange(status: EmailChangeStatus, answers: Array<() => Response> = []) {
  let current = status;
  apiServer.use(
    http.get(PATH, () => json(EmailChangeStatusSchema, current)),
    http.post(PATH, () => {
      const answer = answers.shift()!();
      if (answer.ok) current = { canChange: true, pending: { email: NEW, expiresAt: EXPIRES } };
      return answer;
    }),
    http.delete(PATH, () => {
      current = { canChange: true, pending: null };
      return json(EmailChangeAnswerSchema, {
        message: `The change to ${NEW} is cancelled.`,
        pending: null,
      });
    }),
    // The page is read again after each step.
    http.get(`/api/admin/clients/${ID}`, () => errorJson(404, 'Client not found')),
  );
  return recordRequests();
}

describe('ClientEmailChangeCard', { timeout: 15_000 }, () => {
  it('sends a code to the new address, shows a refusal on the field, then the change waiting for the client', async () => {
    const calls = stubEmailChange({ canChange: true, pending: null }, [
      () => errorJson(409, 'Another client account uses this e-mail address.'),
      () =>
        json(EmailChangeAnswerSchema, {
          message: `A code was e-mailed to ${NEW}. The client's address changes once they enter it on their portal's account page, within 24 hours.`,
          pending: { email: NEW, expiresAt: EXPIRES },
        }),
    ]);
    renderWithApp(<ClientEmailChangeCard profile={profile} />, `/admin/clients/${ID}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    const dialog = screen.getByRole('dialog', { name: "Change the client's e-mail" });
    const field = within(dialog).getByLabelText('New e-mail address');
    await u.type(field, 'not-an-address');
    await u.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await u.clear(field);
    await u.type(field, 'taken@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByText('Another client account uses this e-mail address.'),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await u.clear(field);
    await u.type(field, NEW);
    await u.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(/^Waiting for the client to enter the code sent to/),
    ).toHaveTextContent(`Waiting for the client to enter the code sent to ${NEW} in their portal.`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'taken@example.com' },
      { email: NEW },
    ]);

    await u.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText(`The change to ${NEW} is cancelled.`)).toBeInTheDocument();
    expect(screen.queryByText(/^Waiting for the client/)).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === PATH)).toBe(true);
  });

  it('offers no change for a client of an external provider, and says why', async () => {
    stubEmailChange({ canChange: false, pending: null });
    renderWithApp(<ClientEmailChangeCard profile={profile} />, `/admin/clients/${ID}`);
    expect(
      await screen.findByText(
        'This client signs in with an external provider: their e-mail is changed there.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change e-mail' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClientDetailSchema, type ClientDetail } from '@shared/schemas/clients';
import { AgencyChangeAnswerSchema } from '@shared/schemas/subscriptions';
import {
  adminPlansHandler,
  apiServer,
  errorJson,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ClientDetailsDialog } from './client-details-dialog';
import { ClientPlanActions } from './client-plan-actions';

const ID = '7f1c1a38-6b9e-4c8e-9d6b-1c2f3a4b5c6d';

const active: NonNullable<ClientDetail['subscription']> = {
  tier: 'signature',
  status: 'active',
  currentPeriodStart: '2026-11-02T15:00:00.000Z',
  currentPeriodEnd: '2026-12-02T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  pendingTierFrom: null,
  withdrawn: false,
  freeMonths: 0,
};

function answer(method: 'patch' | 'post', path: string, message: string) {
  apiServer.use(http[method](path, () => json(AgencyChangeAnswerSchema, { message })));
}

describe('ClientPlanActions', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler());
  });

  it('changes the plan from the next period or now, and says what happened', async () => {
    answer(
      'patch',
      `/api/admin/clients/${ID}/subscription`,
      'The plan changes to Prestige on Dec 2, 2026, when the next billing period starts.',
    );
    const calls = recordRequests();
    renderWithApp(<ClientPlanActions clientId={ID} subscription={active} />, '/admin');

    const form = screen.getByRole('form', { name: 'Change plan' });
    // The plans to change to are the catalogue's, once it answers.
    expect(
      await within(form).findByRole('option', { name: 'Prestige ($599.00/month)' }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('New plan'), 'prestige');
    expect(within(form).getByLabelText(/With the next period \(Dec 2, 2026\)/)).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Change plan' }));
    expect(
      await screen.findByText(
        'The plan changes to Prestige on Dec 2, 2026, when the next billing period starts.',
      ),
    ).toBeVisible();

    await userEvent.click(within(form).getByLabelText(/^Now/));
    await userEvent.selectOptions(within(form).getByLabelText('New plan'), 'essentials');
    await userEvent.click(within(form).getByRole('button', { name: 'Change plan' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { planType: 'prestige', starts: 'next_period' },
        { planType: 'essentials', starts: 'now' },
      ]),
    );
  });

  it('cancels at the period end and ends a plan now only after confirming', async () => {
    answer(
      'patch',
      `/api/admin/clients/${ID}/subscription`,
      'The Signature plan is canceled: it stays active until Dec 2, 2026, then ends.',
    );
    const calls = recordRequests();
    renderWithApp(<ClientPlanActions clientId={ID} subscription={active} />, '/admin');

    await userEvent.click(screen.getByRole('button', { name: 'End plan now' }));
    const endDialog = await screen.findByRole('dialog');
    expect(endDialog).toHaveTextContent('The Signature plan ends today, not on Dec 2, 2026.');
    await userEvent.click(within(endDialog).getByRole('button', { name: 'Back' }));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('stays active until Dec 2, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    expect(
      await screen.findByText(
        'The Signature plan is canceled: it stays active until Dec 2, 2026, then ends.',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { cancelAtPeriodEnd: true },
    ]);
  });

  it('takes a cancellation back, and shows the server refusal', async () => {
    apiServer.use(
      http.patch(`/api/admin/clients/${ID}/subscription`, () =>
        errorJson(409, 'This plan is not being canceled: there is nothing to take back.'),
      ),
    );
    renderWithApp(
      <ClientPlanActions clientId={ID} subscription={{ ...active, cancelAtPeriodEnd: true }} />,
      '/admin',
    );
    expect(await screen.findByText('The Signature plan ends on Dec 2, 2026.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Change plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Give a month free' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Take cancellation back' }));
    expect(
      await screen.findByText('This plan is not being canceled: there is nothing to take back.'),
    ).toBeVisible();
  });

  it('gives a month free after confirming, and counts the months to come', async () => {
    answer(
      'post',
      `/api/admin/clients/${ID}/free-months`,
      'A month free given: the next renewal invoice shows the credit.',
    );
    const calls = recordRequests();
    renderWithApp(<ClientPlanActions clientId={ID} subscription={active} />, '/admin');
    await userEvent.click(screen.getByRole('button', { name: 'Give a month free' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('credits a month of the Signature plan ($399.00)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a month free' }));
    expect(
      await screen.findByText('A month free given: the next renewal invoice shows the credit.'),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ months: 1 });
  });

  it('counts the free months still to be credited', () => {
    renderWithApp(
      <ClientPlanActions clientId={ID} subscription={{ ...active, freeMonths: 2 }} />,
      '/admin',
    );
    expect(
      screen.getByText('2 free months to be credited on the next renewal invoices.'),
    ).toBeVisible();
  });

  it('shows nothing for a plan that is not running', () => {
    renderWithApp(
      <ClientPlanActions clientId={ID} subscription={{ ...active, status: 'canceled' }} />,
      '/admin',
    );
    expect(screen.queryByText('Manage plan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'End plan now' })).toBeNull();
  });
});

describe('ClientDetailsDialog', () => {
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

  it('saves the changed details, and checks them first', async () => {
    const calls = recordRequests();
    apiServer.use(
      http.patch(`/api/admin/clients/${ID}`, () => {
        const none = { items: [], total: 0 };
        return json(ClientDetailSchema, {
          profile: { ...profile, businessName: 'Bayou Bistro' },
          subscription: null,
          history: none,
          money: { balance: 0, overdue: 0, paid: 0 },
          invoices: none,
          payments: none,
          tickets: none,
          messages: none,
          signupLinks: none,
          notes: [],
        });
      }),
    );
    renderWithApp(<ClientDetailsDialog profile={profile} />, '/admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit client details' });
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Camille');

    await userEvent.type(within(dialog).getByLabelText('Business name'), 'x'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Business name must be at most 200 characters'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Business name'));
    await userEvent.type(within(dialog).getByLabelText('Business name'), 'Bayou Bistro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        {
          firstName: 'Camille',
          lastName: 'Broussard',
          businessName: 'Bayou Bistro',
          phoneNumber: '',
        },
      ]),
    );
    expect(await screen.findByText("The client's details are updated.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

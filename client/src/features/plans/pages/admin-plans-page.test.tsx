import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminPlanSchema, type AdminPlan } from '@shared/schemas/plans';
import {
  adminPlansHandler,
  apiServer,
  defaultAdminPlans,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminPlansPage } from './admin-plans-page';

const PLANS = defaultAdminPlans([
  { subscriberCount: 0 },
  { subscriberCount: 3, subscribersOnOtherPrice: 1 },
  { status: 'retired', subscriberCount: 1 },
]);

/** A plan's row, found by its name. */
const row = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('li')!;

/** The bodies of the requests other than GET, as `METHOD path`. */
const sent = (calls: ReturnType<typeof recordRequests>) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => ({ call: `${call.method} ${call.url}`, body: call.body }));

describe('AdminPlansPage (Plans)', () => {
  beforeEach(() => {
    apiServer.use(adminPlansHandler(PLANS));
  });

  it('lists each plan in order with its price, status and subscribers', async () => {
    renderWithApp(<AdminPlansPage />, '/admin/plans');

    const list = (await row('Essentials')).closest('ul')!;
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Essentials', 'Signature', 'Prestige']);
    const essentials = await row('Essentials');
    expect(essentials).toHaveTextContent('$199.00/month');
    expect(essentials).toHaveTextContent('Active');
    expect(essentials).toHaveTextContent('0 subscribers · 1 update a month');
    const signature = await row('Signature');
    expect(signature).toHaveTextContent('Most popular');
    expect(signature).toHaveTextContent('$399.00/month');
    expect(signature).toHaveTextContent('3 subscribers · 1 on another price · 2 updates a month');
    expect(
      within(signature).getByRole('button', { name: 'Move subscribers to this price' }),
    ).toBeVisible();
    const prestige = await row('Prestige');
    expect(prestige).toHaveTextContent('Retired');
    expect(prestige).toHaveTextContent('1 subscriber · Unlimited updates');
    expect(within(prestige).getByRole('button', { name: 'Reactivate Prestige' })).toBeVisible();
    expect(within(essentials).getByRole('button', { name: 'Move Essentials up' })).toBeDisabled();
  });

  it('adds a plan only once its name, price and features are right, and sends cents', async () => {
    const user = userEvent.setup();
    const calls = recordRequests();
    apiServer.use(
      http.post('/api/admin/plans', () =>
        json(AdminPlanSchema, {
          ...PLANS[0]!,
          id: 'starter',
          name: 'Starter',
          monthlyPrice: 9_950,
          features: ['One page', 'Hosting included'],
          updatesPerMonth: 0,
          position: 3,
        } satisfies AdminPlan),
      ),
    );
    renderWithApp(<AdminPlansPage />, '/admin/plans');
    await row('Essentials');

    await user.click(screen.getByRole('button', { name: 'Add Plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a plan' }));
    await user.click(dialog.getByRole('button', { name: 'Add Plan' }));
    expect(await dialog.findByText('Name is required')).toBeVisible();
    expect(dialog.getByText('List at least one thing the plan includes')).toBeVisible();
    expect(dialog.getByText('Monthly price must be a number')).toBeVisible();
    expect(dialog.getByText('Updates per month must be a number')).toBeVisible();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Monthly price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls)).toEqual([]);

    await user.type(dialog.getByLabelText('Name'), 'Starter');
    await user.type(dialog.getByLabelText('Monthly price ($)'), '99.5');
    await user.type(dialog.getByLabelText('What is included'), 'One page\n\nHosting included');
    await user.type(dialog.getByLabelText('Updates included per month'), '0');
    await user.click(dialog.getByRole('button', { name: 'Add Plan' }));

    expect((await screen.findAllByText('Plan Added'))[0]).toBeVisible();
    await waitFor(() =>
      expect(sent(calls)).toEqual([
        {
          call: 'POST /api/admin/plans',
          body: {
            name: 'Starter',
            description: '',
            monthlyPrice: 9_950,
            features: ['One page', 'Hosting included'],
            popular: false,
            updatesPerMonth: 0,
            responseTimes: PLANS[1]!.responseTimes,
            taxable: true,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('retires a plan, which keeps its subscribers, and says so', async () => {
    const user = userEvent.setup();
    const calls = recordRequests();
    apiServer.use(
      http.patch('/api/admin/plans/signature', () =>
        json(AdminPlanSchema, { ...PLANS[1]!, status: 'retired' }),
      ),
    );
    renderWithApp(<AdminPlansPage />, '/admin/plans');

    await user.click(
      within(await row('Signature')).getByRole('button', { name: 'Retire Signature' }),
    );
    expect((await screen.findAllByText('Plan Retired'))[0]).toBeVisible();
    expect(
      screen.getAllByText('Signature takes no new subscribers; its 3 subscribers keep it.')[0],
    ).toBeVisible();
    await waitFor(() =>
      expect(sent(calls)).toEqual([
        { call: 'PATCH /api/admin/plans/signature', body: { status: 'retired' } },
      ]),
    );
  });
});

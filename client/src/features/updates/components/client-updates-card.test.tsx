import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ClientUpdatesSchema,
  ExtraUpdateBilledSchema,
  type ClientUpdates,
} from '@shared/schemas/updates';
import {
  adminPlansHandler,
  apiServer,
  errorJson,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ClientUpdatesCard } from './client-updates-card';

const CLIENT = '0b1c2d3e-0000-4000-8000-000000000001';
const INCLUDED = '0a1b2c3d-0000-4000-8000-0000000000a1';
const EXTRA = '0a1b2c3d-0000-4000-8000-0000000000a2';
const INVOICE = '7a8b9c0d-0000-4000-8000-000000000001';

const month = (invoiceId: string | null): ClientUpdates => ({
  meter: {
    month: '2026-11',
    used: 2,
    included: 1,
    plan: 'essentials',
    extraUpdatePriceCents: 7500,
  },
  requests: [
    {
      ticketId: INCLUDED,
      number: 11,
      subject: 'New opening hours',
      createdAt: '2026-11-03T15:00:00.000Z',
      beyondPlan: false,
      invoiceId: null,
    },
    {
      ticketId: EXTRA,
      number: 14,
      subject: 'Add the winter menu',
      createdAt: '2026-11-20T15:00:00.000Z',
      beyondPlan: true,
      invoiceId,
    },
  ],
  earlier: [],
});

describe('ClientUpdatesCard (the admin client page)', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler());
  });

  it('shows the meter, and bills an update beyond the plan in one click, then links the invoice', async () => {
    let billed = false;
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/updates`, () =>
        json(ClientUpdatesSchema, month(billed ? INVOICE : null)),
      ),
      http.post(`/api/admin/tickets/${EXTRA}/extra-update`, () => {
        billed = true;
        return json(ExtraUpdateBilledSchema, { invoiceId: INVOICE }, { status: 201 });
      }),
    );
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<ClientUpdatesCard clientId={CLIENT} />, `/admin/clients/${CLIENT}`);

    expect(
      await screen.findByText('Essentials: 2 of 1 update used in November (1 beyond the plan)'),
    ).toBeVisible();
    const [included, extra] = screen.getAllByRole('listitem');
    expect(within(included!).getByText('Included')).toBeVisible();
    expect(within(included!).queryByRole('button')).toBeNull();
    expect(within(extra!).getByText('Beyond the plan')).toBeVisible();
    expect(within(extra!).getByRole('link', { name: 'Add the winter menu' })).toHaveAttribute(
      'href',
      `/admin/support/${EXTRA}`,
    );

    await user.click(
      within(extra!).getByRole('button', {
        name: 'Bill "Add the winter menu" as an extra update',
      }),
    );
    const link = await within(extra!).findByRole('link', { name: 'Billed: view invoice' });
    expect(link).toHaveAttribute('href', `/admin/invoices/${INVOICE}`);
    expect(within(extra!).queryByRole('button')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/admin/tickets/${EXTRA}/extra-update`,
    ]);
  });

  it("says why billing was refused (the server's message), and keeps the button", async () => {
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/updates`, () =>
        json(ClientUpdatesSchema, month(null)),
      ),
      http.post(`/api/admin/tickets/${EXTRA}/extra-update`, () =>
        errorJson(409, 'Set the price of an extra update in Settings first.'),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<ClientUpdatesCard clientId={CLIENT} />, `/admin/clients/${CLIENT}`);
    const button = await screen.findByRole('button', {
      name: 'Bill "Add the winter menu" as an extra update',
    });
    expect(button).toHaveTextContent('Bill as extra update');
    await user.click(button);
    expect(
      (await screen.findAllByText('Set the price of an extra update in Settings first.'))[0],
    ).toBeVisible();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("lists last month's updates beyond the plan not billed yet, and bills one", async () => {
    const LATE = '0a1b2c3d-0000-4000-8000-0000000000a3';
    let billed = false;
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/updates`, () =>
        json(ClientUpdatesSchema, {
          ...month(null),
          meter: { ...month(null).meter, month: '2026-12', used: 0 },
          requests: [],
          earlier: billed
            ? []
            : [
                {
                  ticketId: LATE,
                  number: 19,
                  subject: 'Holiday banner',
                  createdAt: '2026-11-30T20:00:00.000Z',
                  beyondPlan: true,
                  invoiceId: null,
                },
              ],
        }),
      ),
      http.post(`/api/admin/tickets/${LATE}/extra-update`, () => {
        billed = true;
        return json(ExtraUpdateBilledSchema, { invoiceId: INVOICE }, { status: 201 });
      }),
    );
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<ClientUpdatesCard clientId={CLIENT} />, `/admin/clients/${CLIENT}`);

    expect(await screen.findByText('No update requests this month.')).toBeVisible();
    const earlier = screen.getByRole('region', { name: 'Not billed yet from earlier months' });
    const [late] = within(earlier).getAllByRole('listitem');
    expect(within(late!).getByRole('link', { name: 'Holiday banner' })).toBeVisible();
    expect(within(late!).getByText('Beyond the plan')).toBeVisible();
    await user.click(
      within(late!).getByRole('button', { name: 'Bill "Holiday banner" as an extra update' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Not billed yet from earlier months' }),
      ).toBeNull(),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/admin/tickets/${LATE}/extra-update`,
    ]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClientAccountPageSchema, type ClientAccount } from '@shared/schemas/clients';
import { adminPlansHandler, apiServer, json, recordRequests } from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { ClientsPage } from './clients-page';

const CAMILLE_ID = '0b1c2d3e-0000-4000-8000-000000000001';
const LUCIEN_ID = '0b1c2d3e-0000-4000-8000-000000000002';

function aClient(overrides: Partial<ClientAccount> = {}): ClientAccount {
  return {
    id: CAMILLE_ID,
    name: 'Camille Broussard',
    email: 'camille@example.com',
    emailVerified: true,
    businessName: 'Bayou Bistro',
    createdAt: '2026-10-02T15:00:00.000Z',
    plan: 'signature',
    subscriptionStatus: 'active',
    balance: 15_000,
    deactivatedAt: null,
    ...overrides,
  };
}

const twoClients = [
  aClient(),
  aClient({
    id: LUCIEN_ID,
    name: 'Lucien Arceneaux',
    email: 'lucien@example.com',
    emailVerified: false,
    businessName: null,
    plan: null,
    subscriptionStatus: null,
    balance: 0,
    deactivatedAt: '2026-11-20T10:00:00.000Z',
  }),
];

/** The directory endpoint answers `items` to every query; returns the requests made. */
function stubClients(items: ClientAccount[] = twoClients) {
  apiServer.use(http.get('/api/admin/clients', () => json(ClientAccountPageSchema, pageOf(items))));
  return recordRequests();
}

/** The URLs asked for, in order. */
const urlsOf = (requests: ReturnType<typeof stubClients>) => requests.map(({ url }) => url);

describe('ClientsPage', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler());
  });

  it('asks for the search, filter and page the URL holds, and shows them', async () => {
    const requests = stubClients();
    renderWithApp(<ClientsPage />, '/admin/clients?q=bayou&status=active&page=2&utm=x');
    expect(await screen.findByRole('link', { name: 'Camille Broussard' })).toBeVisible();
    // The plan column names each plan from the catalogue (issue 37).
    await waitFor(() =>
      expect(urlsOf(requests)).toEqual([
        '/api/admin/clients?q=bayou&status=active&page=2',
        '/api/admin/plans?pageSize=100',
      ]),
    );
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('bayou');
    expect(screen.getByLabelText('Subscription')).toHaveValue('active');
  });

  it('lists each client with plan, status and balance; the name opens their page', async () => {
    stubClients();
    renderWithApp(<ClientsPage />, '/admin/clients');
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    expect(screen.getByText('Showing 1-2 of 2')).toBeVisible();

    const camille = within(table).getByRole('row', { name: /Camille Broussard/ });
    expect(within(camille).getByRole('link', { name: 'Camille Broussard' })).toHaveAttribute(
      'href',
      `/admin/clients/${CAMILLE_ID}`,
    );
    expect(camille).toHaveTextContent('Bayou Bistro');
    await waitFor(() => expect(camille).toHaveTextContent('Signature'));
    expect(camille).toHaveTextContent('Active');
    expect(camille).toHaveTextContent('$150.00');
    expect(camille).not.toHaveTextContent('Deactivated');

    const lucien = within(table).getByRole('row', { name: /Lucien Arceneaux/ });
    expect(within(lucien).getByRole('link', { name: 'Lucien Arceneaux' })).toHaveAttribute(
      'href',
      `/admin/clients/${LUCIEN_ID}`,
    );
    expect(lucien).toHaveTextContent('Not verified');
    expect(lucien).toHaveTextContent('No plan');
    expect(lucien).toHaveTextContent('$0.00');
    expect(within(lucien).getByText('Deactivated')).toBeVisible();
  });

  it('puts the search in the URL once typing rests, from page 1, and asks for it', async () => {
    const requests = stubClients();
    const location = renderWithApp(<ClientsPage />, '/admin/clients?status=active&page=3');
    await screen.findByRole('link', { name: 'Camille Broussard' });

    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Search clients' }), 'bistro');
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/clients?q=bistro&status=active'),
    );
    // A search replaces the entry: the back button leaves the directory, not each word typed.
    expect(location.history).toHaveLength(1);
    await waitFor(() =>
      expect(urlsOf(requests).at(-1)).toBe('/api/admin/clients?q=bistro&status=active'),
    );
    // One request for the whole word, none per letter.
    expect(urlsOf(requests).filter((url) => url.includes('q='))).toEqual([
      '/api/admin/clients?q=bistro&status=active',
    ]);
  });

  it('filters by subscription status, as a step the back button can undo', async () => {
    const requests = stubClients();
    const location = renderWithApp(<ClientsPage />, '/admin/clients?q=bayou&page=2');
    await screen.findByRole('link', { name: 'Camille Broussard' });
    const filter = screen.getByLabelText('Subscription');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All clients', 'Pending', 'Active', 'Past due', 'Canceled', 'No plan']);

    await userEvent.setup().selectOptions(filter, 'No plan');
    expect(location.history).toEqual([
      '/admin/clients?q=bayou&page=2',
      '/admin/clients?q=bayou&status=none',
    ]);
    await waitFor(() =>
      expect(urlsOf(requests).at(-1)).toBe('/api/admin/clients?q=bayou&status=none'),
    );
    expect(filter).toHaveValue('none');
  });

  it('says no client matches a search', async () => {
    stubClients([]);
    renderWithApp(<ClientsPage />, '/admin/clients?q=nobody');
    expect(await screen.findByText('No clients match this search.')).toBeVisible();
    expect(screen.queryByText('No client accounts yet.')).not.toBeInTheDocument();
  });

  it('offers to invite the first client when there are none', async () => {
    stubClients([]);
    renderWithApp(<ClientsPage />, '/admin/clients');
    expect(await screen.findByText('No client accounts yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Invite your first client' })).toHaveAttribute(
      'href',
      '/admin/clients/invite',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ConsultationPageSchema,
  ConsultationRequestSchema,
  ConsultationSummarySchema,
  UpdateConsultationSchema,
  type ConsultationRequest,
} from '@shared/schemas/consultations';
import {
  adminPlansHandler,
  apiServer,
  errorJson,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { RequestsPage } from './requests-page';

const CLIENT_ID = '0b1c2d3e-0000-4000-8000-000000000001';

function aRequest(overrides: Partial<ConsultationRequest> = {}): ConsultationRequest {
  return {
    id: 'r1',
    name: 'Rosalie Fontenot',
    email: 'rosalie.fontenot@example.com',
    businessName: 'Fontenot Florals',
    phone: '225-555-0142',
    details: 'A shop with delivery areas.',
    status: 'new',
    planId: null,
    requestCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    clientId: null,
    ...overrides,
  };
}

type Call = ReturnType<typeof recordRequests>[number];

/** GET the requests answers `items`; PATCH one answers it with the new status. */
function stubRequests(items: ConsultationRequest[]) {
  apiServer.use(
    http.patch<{ id: string }>('/api/admin/consultations/:id', async ({ params, request }) => {
      const { status } = UpdateConsultationSchema.parse(await request.json());
      const found = items.find((item) => item.id === params.id);
      if (!found) return errorJson(404, 'Not found');
      return json(ConsultationRequestSchema, { ...found, status });
    }),
    http.get('/api/admin/consultations/summary', () => json(ConsultationSummarySchema, { new: 1 })),
    http.get('/api/admin/consultations', () => json(ConsultationPageSchema, pageOf(items))),
  );
  return recordRequests();
}

/**
 * The Invite button of a request, "Invite <name>"; jsdom's name computation drops the space
 * before the visually hidden part (the e2e spec checks the name in Chromium).
 */
const invite = (name: string) => new RegExp(`^Invite ?${name}$`);

const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('RequestsPage', () => {
  it('writes a proposal for a request: the new-proposal screen names the request', async () => {
    stubRequests([aRequest(), aRequest({ id: 'r2', name: 'Marc Guidry', clientId: CLIENT_ID })]);
    renderWithApp(<RequestsPage />, '/admin/requests');
    const links = await screen.findAllByRole('link', { name: /^Create proposal ?for / });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/proposals/new?consultation=r1',
      '/admin/proposals/new?consultation=r2',
    ]);
  });

  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler());
  });

  it('invites a new request: marks it contacted and opens the generator filled in', async () => {
    const calls = stubRequests([aRequest()]);
    const location = renderWithApp(<RequestsPage />, '/admin/requests?q=fontenot');
    const button = await screen.findByRole('button', { name: invite('Rosalie Fontenot') });
    await userEvent.setup().click(button);

    expect(location.history?.at(-1)).toBe(
      '/admin/clients/invite?email=rosalie.fontenot%40example.com&name=Rosalie+Fontenot',
    );
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'PATCH', url: '/api/admin/consultations/r1', body: { status: 'contacted' } },
      ]),
    );
    // What the invite page reads back from that address.
    const query = new URLSearchParams(location.history!.at(-1)!.split('?')[1]);
    expect(query.get('email')).toBe('rosalie.fontenot@example.com');
    expect(query.get('name')).toBe('Rosalie Fontenot');
  });

  it('leaves the status of a request already followed up when inviting', async () => {
    const calls = stubRequests([aRequest({ status: 'won' })]);
    const location = renderWithApp(<RequestsPage />, '/admin/requests');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: invite('Rosalie Fontenot') }));
    expect(location.history?.at(-1)).toMatch(/^\/admin\/clients\/invite\?email=rosalie/);
    // Give a stray PATCH the time to be sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes(calls)).toEqual([]);
  });

  it('links a request from someone who has an account to their client page, with no Invite', async () => {
    stubRequests([
      aRequest({ id: 'r2', status: 'contacted', clientId: CLIENT_ID }),
      aRequest({ id: 'r3', name: 'Lucien Arceneaux', email: 'lucien@example.com' }),
    ]);
    renderWithApp(<RequestsPage />, '/admin/requests');
    const clientPage = await screen.findByRole('link', {
      name: /^Client page ?of Rosalie Fontenot$/,
    });
    expect(clientPage).toHaveAttribute('href', `/admin/clients/${CLIENT_ID}`);
    expect(
      screen.queryByRole('button', { name: invite('Rosalie Fontenot') }),
    ).not.toBeInTheDocument();

    const lucien = screen.getByRole('link', { name: 'lucien@example.com' }).closest('li')!;
    expect(within(lucien).getByRole('button', { name: invite('Lucien Arceneaux') })).toBeVisible();
    expect(within(lucien).queryByRole('link', { name: /Client page/ })).not.toBeInTheDocument();
  });

  it('shows the plan whose button was pressed, and how often the address asked', async () => {
    stubRequests([
      aRequest({ id: 'r4', planId: 'signature', requestCount: 2 }),
      aRequest({ id: 'r5', name: 'Lucien Arceneaux', email: 'lucien@example.com' }),
    ]);
    renderWithApp(<RequestsPage />, '/admin/requests');
    const rosalie = (
      await screen.findByRole('link', { name: 'rosalie.fontenot@example.com' })
    ).closest('li')!;
    expect(await within(rosalie).findByText('Signature plan')).toBeVisible();
    expect(within(rosalie).getByText('Asked 2 times within a day')).toBeVisible();
    const lucien = screen.getByRole('link', { name: 'lucien@example.com' }).closest('li')!;
    expect(within(lucien).queryByText(/plan$/)).not.toBeInTheDocument();
    expect(within(lucien).queryByText(/^Asked/)).not.toBeInTheDocument();
  });

  it('asks for the search and status the URL holds', async () => {
    const calls = stubRequests([aRequest()]);
    renderWithApp(<RequestsPage />, '/admin/requests?q=florals&status=new&page=2');
    await screen.findByRole('button', { name: invite('Rosalie Fontenot') });
    expect(calls.map((call) => call.url)).toContain(
      '/api/admin/consultations?q=florals&status=new&page=2',
    );
    expect(screen.getByRole('searchbox', { name: 'Search requests' })).toHaveValue('florals');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TicketPageSchema, type Ticket } from '@shared/schemas/tickets';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { RecentTickets } from './recent-tickets';

function ticket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
    number: n,
    source: 'portal' as const,
    kind: 'question',
    subject: `Request ${n}`,
    description: 'Please change something on the site.',
    priority: 'normal',
    status: 'open',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

describe('RecentTickets (the dashboard Support tab)', () => {
  it('shows three skeleton rows while loading, then at most five tickets linking to their pages', async () => {
    let answer!: (response: Response) => void;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    apiServer.use(http.get('/api/tickets', () => answered));
    const calls = recordRequests();
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(screen.getAllByTestId('ticket-skeleton')).toHaveLength(3);

    const tickets = Array.from({ length: 7 }, (_, index) => ticket(index + 1));
    tickets[0] = ticket(1, {
      priority: 'high',
      status: 'in_progress',
      updatedAt: '2026-11-21T12:00:00.000Z',
    });
    // Only the first page of five is asked for.
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'GET', url: '/api/tickets?pageSize=5', body: undefined }]),
    );
    answer(json(TicketPageSchema, { ...pageOf(tickets.slice(0, 5), 5), total: 7 }));

    const links = await screen.findAllByRole('link', { name: /Request \d/ });
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveAttribute('href', `/portal/support/${tickets[0]!.id}`);
    expect(links[0]).toHaveTextContent('Ticket #1');
    expect(links[0]).toHaveTextContent('In progress');
    expect(links[0]).toHaveTextContent('High priority');
    expect(links[0]).toHaveTextContent('Updated Nov 21, 2026');
    // Normal priority has no badge; an unchanged ticket shows no updated date.
    expect(links[1]).not.toHaveTextContent('priority');
    expect(links[1]).not.toHaveTextContent('Updated');
    expect(screen.getByRole('link', { name: 'Create New Ticket' })).toHaveAttribute(
      'href',
      '/portal/support/new',
    );
  });

  it("says 'No support tickets yet' when there are none", async () => {
    apiServer.use(http.get('/api/tickets', () => json(TicketPageSchema, pageOf([], 5))));
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(await screen.findByText('No support tickets yet')).toBeVisible();
  });

  it('says the tickets could not be loaded when the server fails', async () => {
    apiServer.use(http.get('/api/tickets', () => new HttpResponse(null, { status: 500 })));
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your tickets could not be loaded. Please reload the page.',
    );
    expect(screen.queryByText('No support tickets yet')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@shared/schemas/tickets';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { RecentTickets } from './recent-tickets';

function ticket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
    subject: `Request ${n}`,
    description: 'Please change something on the site.',
    priority: 'normal',
    status: 'open',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecentTickets (the dashboard Support tab)', () => {
  it('shows three skeleton rows while loading, then at most five tickets linking to their pages', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(screen.getAllByTestId('ticket-skeleton')).toHaveLength(3);

    const tickets = Array.from({ length: 7 }, (_, index) => ticket(index + 1));
    tickets[0] = ticket(1, {
      priority: 'high',
      status: 'in_progress',
      updatedAt: '2026-11-21T12:00:00.000Z',
    });
    // Only the first page of five is asked for.
    expect(fetchMock).toHaveBeenCalledWith('/api/tickets?pageSize=5', expect.anything());
    answer(new Response(JSON.stringify({ ...pageOf(tickets.slice(0, 5), 5), total: 7 })));

    const links = await screen.findAllByRole('link', { name: /Request \d/ });
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveAttribute('href', `/portal/support/${tickets[0]!.id}`);
    expect(links[0]).toHaveTextContent('Ticket #00000001');
    expect(links[0]).toHaveTextContent('in progress');
    expect(links[0]).toHaveTextContent('high priority');
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(pageOf([], 5)))),
    );
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(await screen.findByText('No support tickets yet')).toBeVisible();
  });

  it('says the tickets could not be loaded when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderWithApp(<RecentTickets />, '/portal/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your tickets could not be loaded. Please reload the page.',
    );
    expect(screen.queryByText('No support tickets yet')).not.toBeInTheDocument();
  });
});

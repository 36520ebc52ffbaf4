import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-request';
import { createQueryClient } from '@/lib/query-client';
import { QueryState } from './query-state';

type Ticket = { subject: string };

/** The server's answers, in turn: a ticket, or the status it fails with. */
function renderTicket(answers: (Ticket | number)[], props: { errorText?: string } = {}) {
  let calls = 0;
  function TicketScreen() {
    const query = useQuery({
      queryKey: ['ticket'],
      queryFn: async (): Promise<Ticket> => {
        const answer = answers[Math.min(calls++, answers.length - 1)] ?? 500;
        if (typeof answer === 'number') {
          const body =
            answer === 410 ? JSON.stringify({ message: 'It was deleted after 90 days.' }) : '';
          throw new ApiError(answer, body, 'Failed');
        }
        return answer;
      },
    });
    return (
      <QueryState
        query={query}
        what="ticket"
        notFoundText="It does not exist or is not yours."
        {...props}
      >
        {(ticket) => <h1>{ticket.subject}</h1>}
      </QueryState>
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TicketScreen />
    </QueryClientProvider>,
  );
  return { calls: () => calls };
}

describe('QueryState', () => {
  it('says it is loading, then shows the record', async () => {
    renderTicket([{ subject: 'New opening hours' }]);
    expect(screen.getByRole('status', { name: 'Loading the ticket' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'New opening hours' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the record was not found when the API answers 404, with no Retry', async () => {
    renderTicket([404]);
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('It does not exist or is not yours.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("says why a record is no longer kept (410) in the server's words, with no Retry", async () => {
    renderTicket([410]);
    expect(await screen.findByRole('alert')).toHaveTextContent('It was deleted after 90 days.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry after any other failure, which loads the record again', async () => {
    const server = renderTicket([500, { subject: 'New opening hours' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The ticket could not be loaded.');
    expect(screen.queryByText(/not found/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'New opening hours' })).toBeInTheDocument();
    expect(server.calls()).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps the spec's own words for a failure where it gives them", async () => {
    renderTicket([503], { errorText: 'Failed to fetch invoice' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch invoice');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  StatementEmailedSchema,
  StatementSchema,
  type Statement,
} from '@shared/schemas/statements';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { setBusinessTimeZone } from '@/lib/dates';
import { ClientStatementCard } from './client-statement-card';

const CLIENT = '0b1c2d3e-0000-4000-8000-000000000001';

const statement = (from: string, to: string): Statement => ({
  client: {
    id: CLIENT,
    name: 'Camille Broussard',
    email: 'camille@example.com',
    businessName: null,
  },
  from,
  to,
  openingBalance: 10_000,
  closingBalance: -2_000,
  lines: [
    {
      date: '2026-02-10',
      type: 'payment',
      reference: 'Check 1042 · INV-2026-0101',
      amount: -10_000,
      balance: 0,
    },
    {
      date: '2026-02-15',
      type: 'credit_note',
      reference: 'CN-2026-0003',
      amount: -2_000,
      balance: -2_000,
    },
  ],
  ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
});

beforeAll(() => setBusinessTimeZone('America/Chicago'));

describe('ClientStatementCard', () => {
  it('shows the lines with their balance and a credit, asks again for a chosen period, and e-mails it', async () => {
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/statement`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        return json(
          StatementSchema,
          statement(query.get('from') ?? '2025-12-01', query.get('to') ?? '2026-03-10'),
        );
      }),
      http.post(`/api/admin/clients/${CLIENT}/statement/email`, () =>
        json(StatementEmailedSchema, {
          sentTo: 'camille@example.com',
          from: '2026-02-01',
          to: '2026-03-10',
        }),
      ),
    );
    const calls = recordRequests();
    renderWithApp(<ClientStatementCard clientId={CLIENT} />, `/admin/clients/${CLIENT}`);
    const card = await screen.findByRole('region', { name: 'Statement' });
    const table = await within(card).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Feb 10, 2026PaymentCheck 1042 · INV-2026-0101-$100.00$0.00');
    expect(rows[2]).toHaveTextContent('Feb 15, 2026Credit noteCN-2026-0003-$20.00-$20.00');
    expect(within(card).getByText('$20.00 credit')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/admin/clients/${CLIENT}/statement.pdf`,
    );

    // Unset, the pickers show the period the server chose; a day picked asks for that period.
    expect(within(card).getByLabelText('From')).toHaveValue('2025-12-01');
    expect(within(card).getByLabelText('To')).toHaveValue('2026-03-10');
    fireEvent.change(within(card).getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(within(card).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
        'href',
        `/api/admin/clients/${CLIENT}/statement.pdf?from=2026-02-01`,
      ),
    );
    expect(await within(card).findByText('Opening balance (Feb 1, 2026)')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'E-mail to client' }));
    expect((await screen.findAllByText('Statement e-mailed'))[0]).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/admin/clients/${CLIENT}/statement/email`,
        body: { from: '2026-02-01' },
      },
    ]);
  });
});

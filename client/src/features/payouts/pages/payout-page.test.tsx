import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import { PayoutDetailSchema, type PayoutDetail } from '@shared/schemas/payouts';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { paths } from '@/lib/paths';
import { PayoutPage } from './payout-page';

const PAYOUT: PayoutDetail = {
  id: 'po_1Dec',
  status: 'paid',
  arrivalDate: '2026-12-03',
  gross: 32_000,
  fees: 988,
  net: 31_012,
  currency: 'usd',
  automatic: true,
  unmatched: 1,
  failureMessage: null,
  lines: [
    {
      id: 'txn_a',
      kind: 'charge',
      sourceId: 'ch_a',
      amount: 30_000,
      fee: 900,
      net: 29_100,
      description: null,
      paymentId: 'p1',
      creditNoteId: null,
      invoiceId: 'i1',
      invoiceNumber: 'INV-2026-0007',
      clientName: 'Odile Broussard',
      matched: true,
    },
    {
      id: 'txn_b',
      kind: 'charge',
      sourceId: 'ch_made_in_the_dashboard',
      amount: 2_000,
      fee: 88,
      net: 1_912,
      description: 'A sale made in the Stripe dashboard',
      paymentId: null,
      creditNoteId: null,
      invoiceId: null,
      invoiceNumber: null,
      clientName: null,
      matched: false,
    },
  ],
};

describe('PayoutPage', () => {
  it('shows the totals, links a matched line to its invoice and flags the unmatched one', async () => {
    apiServer.use(http.get('/api/admin/payouts/po_1Dec', () => json(PayoutDetailSchema, PAYOUT)));
    renderWithApp(
      <Route path={paths.admin.payout.pattern} component={PayoutPage} />,
      '/admin/payouts/po_1Dec',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payout of Dec 3, 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 unmatched')).toBeInTheDocument();
    expect(screen.getByText('Net to the bank').nextSibling).toHaveTextContent('$310.12');
    const table = screen.getByRole('table', { name: 'Transactions of this payout' });
    const [, matched, unmatched] = within(table).getAllByRole('row');
    expect(within(matched!).getByRole('link', { name: 'Invoice INV-2026-0007' })).toHaveAttribute(
      'href',
      '/admin/invoices/i1',
    );
    expect(matched).toHaveTextContent('$9.00');
    expect(unmatched).toHaveTextContent('Unmatched: none of our payments or credit notes');
    expect(unmatched).toHaveTextContent('ch_made_in_the_dashboard');
    expect(within(unmatched!).queryByRole('link')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  PaymentListItemSchema,
  PaymentListPageSchema,
  type PaymentListItem,
} from '@shared/schemas/payments';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { PaymentsPage } from './payments-page';

const FLAG =
  'A card payment of $199.00 USD arrived for invoice INV-2026-0003, which no longer exists: refund it in Stripe, or record it on another invoice by hand.';

const ORPHAN: PaymentListItem = {
  id: '7a1c0000-0000-4000-8000-000000000001',
  invoiceId: null,
  invoiceNumber: null,
  amount: 19_900,
  refundedAmount: 0,
  currency: 'usd',
  method: 'card',
  paidAt: '2026-12-07T15:05:00.000Z',
  refundedAt: null,
  reference: '',
  note: '',
  flag: FLAG,
  flagResolvedAt: null,
  stripePaymentIntentId: 'pi_3Orphan',
  stripeDashboardUrl: 'https://dashboard.stripe.com/test/payments/pi_3Orphan',
  voidedAt: null,
  voidReason: null,
  payout: null,
  clientId: '7a1c0000-0000-4000-8000-0000000000c1',
  clientName: 'Odile Broussard',
  payerEmail: 'odile@example.com',
};
const TRANSFER: PaymentListItem = {
  ...ORPHAN,
  id: '7a1c0000-0000-4000-8000-000000000002',
  invoiceId: '7a1c0000-0000-4000-8000-0000000000f1',
  invoiceNumber: 'INV-2026-0007',
  amount: 5_000,
  method: 'bank_transfer',
  flag: null,
  stripePaymentIntentId: null,
  stripeDashboardUrl: null,
  voidedAt: null,
  voidReason: null,
  payerEmail: null,
};

function stubApi(items: PaymentListItem[]) {
  apiServer.use(
    http.post(`/api/admin/payments/${ORPHAN.id}/resolve`, () => {
      items = items.map((p) =>
        p.id === ORPHAN.id ? { ...p, flagResolvedAt: '2026-12-08T09:00:00.000Z' } : p,
      );
      return json(
        PaymentListItemSchema,
        items.find((p) => p.id === ORPHAN.id)!,
      );
    }),
    http.get('/api/admin/payments', () =>
      json(PaymentListPageSchema, { items, total: items.length, page: 1, pageSize: 25 }),
    ),
  );
  return recordRequests();
}

describe('PaymentsPage', () => {
  it('shows an orphan as "No invoice", flagged, with Stripe and Mark resolved', async () => {
    const calls = stubApi([ORPHAN, TRANSFER]);
    renderWithApp(<PaymentsPage />, '/admin/payments?status=flagged');
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [, orphanRow, transferRow] = within(table).getAllByRole('row');
    expect(calls[0]!.url).toBe('/api/admin/payments?status=flagged');
    expect(orphanRow).toHaveTextContent('No invoice');
    expect(orphanRow).toHaveTextContent('$199.00');
    expect(orphanRow).toHaveTextContent('Card (Stripe)');
    expect(orphanRow).toHaveTextContent(FLAG);
    expect(within(orphanRow!).getByRole('link', { name: /Odile Broussard/ })).toHaveAttribute(
      'href',
      `/admin/clients/${ORPHAN.clientId}`,
    );
    expect(within(orphanRow!).getByRole('link', { name: /View in Stripe/ })).toHaveAttribute(
      'href',
      ORPHAN.stripeDashboardUrl,
    );
    expect(within(transferRow!).getByRole('link', { name: 'INV-2026-0007' })).toHaveAttribute(
      'href',
      `/admin/invoices/${TRANSFER.invoiceId}`,
    );
    expect(within(transferRow!).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(orphanRow!).getByRole('button', { name: /Mark resolved/ }));
    await waitFor(() => expect(orphanRow).toHaveTextContent(`Resolved: ${FLAG}`));
    expect(calls).toContainEqual({
      method: 'POST',
      url: `/api/admin/payments/${ORPHAN.id}/resolve`,
    });
    expect(within(orphanRow!).queryByRole('button')).not.toBeInTheDocument();
  });
});

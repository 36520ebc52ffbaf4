import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payment } from '@shared/schemas/payments';
import { renderWithApp } from '@tests/support/render-app';
import { InvoicePayments } from './invoice-payments';

const STRIPE_URL = 'https://dashboard.stripe.com/test/payments/pi_3Abc';

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: 'p1',
    invoiceId: 'i1',
    amount: 5_000,
    refundedAmount: 0,
    currency: 'usd',
    method: 'bank_transfer',
    paidAt: '2026-12-07T12:00:00.000Z',
    refundedAt: null,
    reference: '',
    note: '',
    flag: null,
    flagResolvedAt: null,
    stripePaymentIntentId: null,
    stripeDashboardUrl: null,
    voidedAt: null,
    voidReason: null,
    payout: null,
    ...overrides,
  };
}

describe('InvoicePayments', () => {
  it('lists each payment with its date, method and amount; a refunded card payment says so and links to Stripe', () => {
    renderWithApp(
      <InvoicePayments
        payments={[
          payment({ id: 'p1', reference: 'Transfer 88-1043' }),
          payment({
            id: 'p2',
            method: 'card',
            amount: 2_500,
            paidAt: '2026-12-09T12:00:00.000Z',
            refundedAt: '2026-12-10T12:00:00.000Z',
            flag: 'The client disputed a card payment',
            stripePaymentIntentId: 'pi_3Abc',
            stripeDashboardUrl: STRIPE_URL,
            voidedAt: null,
            voidReason: null,
          }),
        ]}
      />,
      '/admin/invoices/i1',
    );

    const [transfer, card] = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole(
      'listitem',
    );
    expect(transfer).toHaveTextContent('Dec 7, 2026 · Bank transfer');
    expect(transfer).toHaveTextContent('Reference: Transfer 88-1043');
    expect(transfer).toHaveTextContent('$50.00');
    expect(within(transfer!).queryByText('Refunded')).not.toBeInTheDocument();
    expect(within(transfer!).queryByRole('link')).not.toBeInTheDocument();

    expect(card).toHaveTextContent('Dec 9, 2026 · Card (Stripe)');
    expect(card).toHaveTextContent('$25.00');
    expect(within(card!).getByText('Refunded')).toBeVisible();
    expect(within(card!).getByText('The client disputed a card payment')).toBeVisible();
    const link = within(card!).getByRole('link', { name: /^View in Stripe/ });
    expect(link).toHaveAttribute('href', STRIPE_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says when there is no payment yet', () => {
    renderWithApp(<InvoicePayments payments={[]} />, '/admin/invoices/i1');
    expect(screen.getByText('No payments yet')).toBeVisible();
  });
});

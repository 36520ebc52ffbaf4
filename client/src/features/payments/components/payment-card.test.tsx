import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PaymentSettingsSchema,
  RedirectUrlSchema,
  UpdatePaymentSettingsSchema,
  type PaymentSettings,
} from '@shared/schemas/payments';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { PaymentCard } from './payment-card';

const CARD = { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2029 };

function stubPaymentSettings(billing: PaymentSettings) {
  apiServer.use(
    http.patch('/api/billing', async ({ request }) =>
      json(PaymentSettingsSchema, {
        ...billing,
        ...UpdatePaymentSettingsSchema.parse(await request.json()),
      }),
    ),
    http.get('/api/billing', () => json(PaymentSettingsSchema, billing)),
    http.post('/api/billing-portal', () =>
      json(RedirectUrlSchema, { url: 'https://billing.stripe.test/p/session' }),
    ),
  );
  return recordRequests();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PaymentCard', () => {
  it('shows the saved card and turns automatic payment off', async () => {
    const calls = stubPaymentSettings({
      onlinePayments: true,
      paymentInstructions: '',
      card: CARD,
      autoPay: true,
    });
    renderWithApp(<PaymentCard />, '/portal/dashboard');
    expect(await screen.findByText('Visa ending in 4242, expires 03/2029')).toBeVisible();
    const toggle = screen.getByRole('switch', { name: 'Automatic payment' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls).toContainEqual({
      method: 'PATCH',
      url: '/api/billing',
      body: { autoPay: false },
    });
  });

  it("opens Stripe's portal to update the card", async () => {
    stubPaymentSettings({
      onlinePayments: true,
      paymentInstructions: '',
      card: CARD,
      autoPay: true,
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithApp(<PaymentCard />, '/portal/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session'),
    );
  });

  it('explains how a card gets saved, with automatic payment unavailable until then', async () => {
    stubPaymentSettings({
      onlinePayments: true,
      paymentInstructions: '',
      card: null,
      autoPay: true,
    });
    renderWithApp(<PaymentCard />, '/portal/dashboard');
    expect(await screen.findByText(/No card saved yet/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Automatic payment' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
  });

  it('shows nothing when card payment is off (the billing history says how to pay)', async () => {
    const calls = stubPaymentSettings({
      onlinePayments: false,
      paymentInstructions: 'Bank transfer\nIBAN US00 1234',
      card: null,
      autoPay: true,
    });
    renderWithApp(<PaymentCard />, '/portal/dashboard');
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText(/IBAN/)).not.toBeInTheDocument();
  });
});

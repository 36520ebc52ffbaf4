import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@tests/support/render-app';
import { CONFIRMATION_WAIT_MS, useCheckoutReturn } from './use-checkout-return';

const INVOICE_ID = '11111111-1111-4111-8111-111111111111';

function Probe() {
  const { awaitingPaymentOf } = useCheckoutReturn();
  return <p>Awaiting: {awaitingPaymentOf ?? 'nothing'}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useCheckoutReturn', () => {
  // First: the toast store lives as long as the test file, so a toast of a later test would
  // still be on screen.
  it('says nothing on an ordinary visit', async () => {
    renderWithApp(<Probe />, '/portal/dashboard');
    expect(await screen.findByText('Awaiting: nothing')).toBeInTheDocument();
    expect(screen.queryByText(/Payment/)).not.toBeInTheDocument();
  });

  it('thanks the client after a payment, waits for that invoice, and cleans the address', async () => {
    const location = renderWithApp(
      <Probe />,
      `/portal/dashboard?payment=success&invoice=${INVOICE_ID}`,
    );
    expect(await screen.findByText('Payment received, thank you.')).toBeVisible();
    expect(screen.getByText('Your invoice will show as Paid in a moment.')).toBeVisible();
    expect(screen.getByText(`Awaiting: ${INVOICE_ID}`)).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/portal/dashboard');
    // Replaced, not pushed: Back does not return to the address with the parameters.
    expect(location.history).toHaveLength(1);
  });

  it('says calmly that a cancelled payment charged nothing, and waits for nothing', async () => {
    const location = renderWithApp(
      <Probe />,
      `/portal/dashboard?payment=cancelled&invoice=${INVOICE_ID}`,
    );
    expect(await screen.findByText('Payment canceled: nothing was charged.')).toBeVisible();
    expect(screen.queryByText('Payment received, thank you.')).not.toBeInTheDocument();
    expect(screen.getByText('Awaiting: nothing')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/portal/dashboard');
  });

  it('stops waiting after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<Probe />, `/portal/dashboard?payment=success&invoice=${INVOICE_ID}`);
    expect(await screen.findByText(`Awaiting: ${INVOICE_ID}`)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(CONFIRMATION_WAIT_MS);
    });
    expect(screen.getByText('Awaiting: nothing')).toBeInTheDocument();
  });
});

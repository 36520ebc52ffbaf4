import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import {
  PayLinkInvoiceSchema,
  RedirectUrlSchema,
  type PayLinkInvoice,
} from '@shared/schemas/payments';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { PayPage } from './pay-page';

const TOKEN = 'a'.repeat(43);
const INVOICE: PayLinkInvoice = {
  invoiceNumber: 'INV-2026-0042',
  businessName: 'Coast & Code Studio',
  clientName: 'Luc Fontenot',
  dateIssued: '2026-11-24',
  dueDate: '2026-12-07',
  status: 'sent',
  total: 19_900,
  amountPaid: 4_900,
  onlinePayments: true,
  paymentInstructions: '',
  lateFeeTerms: null,
};

/** GET /api/pay/:token answered by `answer`; POST opens Checkout. */
function stub(answer: Response | (() => Response)) {
  apiServer.use(
    http.post(`/api/pay/${TOKEN}`, () =>
      json(RedirectUrlSchema, { url: 'https://checkout.stripe.test/c/pay' }),
    ),
    http.get(`/api/pay/${TOKEN}`, () => (typeof answer === 'function' ? answer() : answer.clone())),
  );
  return recordRequests();
}

const invoiceJson = (value: PayLinkInvoice) => json(PayLinkInvoiceSchema, value);

function renderPage(search = '') {
  renderWithApp(
    <Route path="/pay/:token">
      <PayPage />
    </Route>,
    `/pay/${TOKEN}${search}`,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PayPage', () => {
  it('shows the invoice and pays the balance through Checkout', async () => {
    const calls = stub(invoiceJson(INVOICE));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invoice INV-2026-0042' })).toBeVisible();
    expect(screen.getByText('From Coast & Code Studio')).toBeVisible();
    expect(screen.getByText('Luc Fontenot')).toBeVisible();
    expect(screen.getByText('Nov 24, 2026')).toBeVisible();
    expect(screen.getByText('Dec 7, 2026')).toBeVisible();
    expect(screen.getByText('$199.00')).toBeVisible();
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('$49.00');
    expect(screen.getByText('Balance due').nextSibling).toHaveTextContent('$150.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay'));
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    expect(
      calls.filter((call) => call.method === 'POST').map(({ method, url }) => ({ method, url })),
    ).toEqual([{ method: 'POST', url: `/api/pay/${TOKEN}` }]);
  });

  it('says a paid invoice is paid, with no button', async () => {
    stub(invoiceJson({ ...INVOICE, status: 'paid', amountPaid: 19_900 }));
    renderPage();
    expect(await screen.findByText('This invoice is paid. Thank you!')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Balance due')).not.toBeInTheDocument();
  });

  it('shows the instructions instead of a button when card payment is off', async () => {
    stub(
      invoiceJson({
        ...INVOICE,
        onlinePayments: false,
        paymentInstructions: 'Check to Coast & Code',
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'How to pay' })).toBeVisible();
    expect(screen.getByText('Check to Coast & Code')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('waits for the payment after Checkout and shows it paid', async () => {
    let asked = 0;
    stub(() => {
      asked += 1;
      return invoiceJson(asked < 2 ? INVOICE : { ...INVOICE, status: 'paid', amountPaid: 19_900 });
    });
    renderPage('?payment=success');
    expect(await screen.findByText(/shows it paid in a moment/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payment received, thank you. This page shows it paid in a moment.',
    );
    // Its confirmation is on the way: a second Checkout would charge the card twice.
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(
      await screen.findByText('This invoice is paid. Thank you!', {}, { timeout: 5_000 }),
    ).toBeVisible();
  });

  it('stops asking after 30 seconds and says the payment may take a while to show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stub(() => invoiceJson(INVOICE));
    renderPage('?payment=success');
    expect(await screen.findByText(/shows it paid in a moment/)).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payment received, thank you. It can take a few minutes to show here: reload this page later.',
    );
    const asked = calls.length;
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(calls).toHaveLength(asked);
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says a cancelled payment changed nothing', async () => {
    stub(invoiceJson(INVOICE));
    renderPage('?payment=cancelled');
    expect(await screen.findByText('Payment canceled: nothing was charged.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Payment canceled: nothing was charged.');
    expect(screen.getByRole('button', { name: 'Pay $150.00' })).toBeEnabled();
  });

  it('says when the link is not valid', async () => {
    stub(errorJson(404, 'This pay link is not valid'));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This pay link is not valid' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('It may be mistyped');
  });
});

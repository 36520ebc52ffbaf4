import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientInvoicePageSchema, type ClientInvoice } from '@shared/schemas/invoices';
import {
  PaymentSettingsSchema,
  RedirectUrlSchema,
  type PaymentSettings,
} from '@shared/schemas/payments';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { BillingHistoryCard } from './billing-history-card';

const DUE: ClientInvoice = {
  id: '11111111-1111-4111-8111-111111111111',
  invoiceNumber: 'INV-2026-0007',
  dateIssued: '2026-11-01',
  dueDate: '2026-11-08',
  total: 39_900,
  amountPaid: 9_900,
  status: 'overdue',
  paidAt: null,
  creditNotes: [],
};
const PAID: ClientInvoice = {
  ...DUE,
  id: '22222222-2222-4222-8222-222222222222',
  invoiceNumber: 'INV-2026-0003',
  amountPaid: 39_900,
  status: 'paid',
  paidAt: '2026-10-03T12:00:00.000Z',
};

function stub(billing: PaymentSettings, invoices: () => ClientInvoice[]) {
  apiServer.use(
    http.get('/api/billing', () => json(PaymentSettingsSchema, billing)),
    http.get('/api/invoices', () => json(ClientInvoicePageSchema, pageOf(invoices()))),
    http.post(`/api/invoices/${DUE.id}/pay`, () =>
      json(RedirectUrlSchema, { url: 'https://checkout.stripe.test/c/1' }),
    ),
  );
  return recordRequests();
}

const ONLINE: PaymentSettings = {
  onlinePayments: true,
  paymentInstructions: '',
  card: null,
  autoPay: true,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BillingHistoryCard', () => {
  it('offers Pay now on an unpaid invoice, for its balance, and goes to Checkout', async () => {
    const calls = stub(ONLINE, () => [DUE, PAID]);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ });
    expect(within(row).getByText('Balance due $300.00')).toBeVisible();
    const paidRow = screen.getByRole('row', { name: /INV-2026-0003/ });
    expect(within(paidRow).queryByRole('button')).not.toBeInTheDocument();
    // The Pay column comes with the billing answer, which may land after the list.
    const pay = await screen.findByRole('button', {
      name: 'Pay now: $300.00 for INV-2026-0007',
    });
    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
    expect(pay).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the payment instructions and no Pay now when card payment is off', async () => {
    stub(
      { ...ONLINE, onlinePayments: false, paymentInstructions: 'Bank transfer: IBAN US00' },
      () => [DUE],
    );
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    expect(await screen.findByText('Bank transfer: IBAN US00')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
  });

  it('shows an owed invoice its due date, and says how to pay only while something is owed', async () => {
    const OFFLINE = {
      ...ONLINE,
      onlinePayments: false,
      paymentInstructions: 'Bank transfer: IBAN US00',
    };
    stub(OFFLINE, () => [DUE, PAID]);
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ });
    expect(within(row).getByText('Issued Nov 1, 2026')).toBeVisible();
    expect(within(row).getByText('Due Nov 8, 2026')).toBeVisible();
    const paidRow = screen.getByRole('row', { name: /INV-2026-0003/ });
    expect(within(paidRow).queryByText(/^Due /)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How to pay' })).toBeVisible();
  });

  it('calls a sent invoice paid in part "Partly paid", one not paid yet "Due"', async () => {
    const partly = { ...DUE, status: 'sent' as const };
    const unpaid = {
      ...partly,
      id: '33333333-3333-4333-8333-333333333333',
      invoiceNumber: 'INV-2026-0008',
      amountPaid: 0,
    };
    stub(ONLINE, () => [unpaid, partly]);
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ });
    expect(within(row).getByText('Partly paid')).toBeVisible();
    expect(
      within(screen.getByRole('row', { name: /INV-2026-0008/ })).getByText('Due', { exact: true }),
    ).toBeVisible();
  });

  it('shows a paid invoice its credit notes: the amount credited and each PDF', async () => {
    const credited: ClientInvoice = {
      ...PAID,
      creditNotes: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          creditNoteNumber: 'CN-2026-0002',
          amount: 10_000,
          issuedAt: '2026-10-20T12:00:00.000Z',
        },
      ],
    };
    stub(ONLINE, () => [credited]);
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    const row = await screen.findByRole('row', { name: /INV-2026-0003/ });
    expect(within(row).getByText('Paid')).toBeVisible();
    expect(within(row).getByText('Credited $100.00')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Credit note CN-2026-0002' })).toHaveAttribute(
      'href',
      `/api/invoices/${PAID.id}/credit-notes/33333333-3333-4333-8333-333333333333/pdf`,
    );
  });

  it('says nothing of how to pay when every invoice is paid', async () => {
    const calls = stub(
      { ...ONLINE, onlinePayments: false, paymentInstructions: 'Bank transfer: IBAN US00' },
      () => [PAID],
    );
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    await screen.findByRole('row', { name: /INV-2026-0003/ });
    // The payment settings may answer after the list: let them land before asserting absence.
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/billing'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { name: 'How to pay' })).not.toBeInTheDocument();
    expect(screen.queryByText('Bank transfer: IBAN US00')).not.toBeInTheDocument();
  });

  it('shows the invoice being confirmed instead of Pay now, polls until it is paid, and says so', async () => {
    let asked = 0;
    const calls = stub(ONLINE, () => {
      asked += 1;
      return asked < 2 ? [DUE] : [{ ...DUE, amountPaid: DUE.total, status: 'paid' }];
    });
    const confirmed = vi.fn();
    renderWithApp(
      <BillingHistoryCard awaitingPaymentOf={DUE.id} onPaymentConfirmed={confirmed} />,
      '/portal/dashboard',
    );
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ });
    expect(await within(row).findByText('Confirming payment…')).toBeVisible();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Paid')).toBeVisible(), { timeout: 5_000 });
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(within(row).queryByText('Confirming payment…')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/invoices')).toHaveLength(2);
  });

  it('lets Pay now be used again when the page comes back from the back-forward cache', async () => {
    stub(ONLINE, () => [DUE]);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithApp(<BillingHistoryCard />, '/portal/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: /^Opening checkout/ })).toBeDisabled();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await screen.findByRole('button', { name: /^Pay now/ })).toBeEnabled();
  });
});

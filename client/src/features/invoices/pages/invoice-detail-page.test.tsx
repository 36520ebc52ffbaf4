import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { SETUP_STEPS, SetupChecklistSchema } from '@shared/schemas/dashboard';
import {
  EmailedInvoiceSchema,
  InvoiceDetailSchema,
  IssuedCreditNoteSchema,
  type InvoiceDetail,
  type InvoiceStatus,
} from '@shared/schemas/invoices';
import type { Payment } from '@shared/schemas/payments';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { anInvoiceDetail, INVOICE_ID } from '@tests/support/invoice-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { InvoiceDetailPage } from './invoice-detail-page';

const ID = INVOICE_ID;
const FLAG = 'A card payment of $50.00 did not match the balance due of $100.00';
const FLAG_ID = '5f0c6a1e-0000-4000-8000-000000000001';
const OTHER_FLAG_ID = '5f0c6a1e-0000-4000-8000-000000000002';
const flagOf = (id: string, message: string) => ({
  id,
  message,
  at: '2026-12-02T15:30:00.000Z',
  paymentId: null,
});

const transfer: Payment = {
  id: 'p1',
  invoiceId: ID,
  amount: 5_000,
  refundedAmount: 0,
  currency: 'usd',
  method: 'bank_transfer',
  paidAt: '2026-12-01T12:00:00.000Z',
  refundedAt: null,
  reference: 'Transfer 88-1043',
  note: '',
  flag: null,
  flagResolvedAt: null,
  stripePaymentIntentId: null,
  stripeDashboardUrl: null,
  voidedAt: null,
  voidReason: null,
  payout: null,
};

const detail = anInvoiceDetail;

/**
 * GET the invoice answers `shown`; POST .../payments answers `afterPayment`. The set-up
 * checklist says there is a way to pay unless `noWayToPay`.
 */
function stubInvoiceApi(
  shown: InvoiceDetail,
  afterPayment?: InvoiceDetail,
  { noWayToPay = false }: { noWayToPay?: boolean } = {},
) {
  apiServer.use(
    http.get('/api/admin/setup-checklist', () =>
      json(SetupChecklistSchema, {
        steps: SETUP_STEPS.map((step) => ({ step, done: !(noWayToPay && step === 'payments') })),
      }),
    ),
    http.post(`/api/admin/invoices/${ID}/email`, () =>
      json(EmailedInvoiceSchema, { ...shown, message: 'Invoice sent.', delivery: 'sent' }),
    ),
    http.post(`/api/admin/invoices/${ID}/payments`, () =>
      afterPayment
        ? json(InvoiceDetailSchema, afterPayment, { status: 201 })
        : errorJson(404, 'Not found'),
    ),
    http.post(`/api/admin/invoices/${ID}/resolve-flag`, async ({ request }) => {
      const text = await request.text();
      const { flagId } = (text ? JSON.parse(text) : {}) as { flagId?: string };
      const paymentFlags = flagId
        ? shown.invoice.paymentFlags.filter((flag) => flag.id !== flagId)
        : [];
      return json(InvoiceDetailSchema, { ...shown, invoice: { ...shown.invoice, paymentFlags } });
    }),
    http.post(`/api/admin/invoices/${ID}/pay-link/revoke`, () =>
      json(InvoiceDetailSchema, { ...shown, payLink: null }),
    ),
    http.get(`/api/admin/invoices/${ID}`, () => json(InvoiceDetailSchema, shown)),
  );
  const calls = recordRequests();
  return calls;
}

function renderPage() {
  renderWithApp(
    <Route path="/admin/invoices/:id">
      <InvoiceDetailPage />
    </Route>,
    `/admin/invoices/${ID}`,
  );
}

describe('InvoiceDetailPage', () => {
  it('records a payment: the dialog closes, the toast says so and the page shows the invoice paid', async () => {
    const calls = stubInvoiceApi(
      detail({ amountPaid: 5_000 }, [transfer]),
      detail({ amountPaid: 15_000, status: 'paid', paidAt: '2026-12-07T12:00:00.000Z' }, [
        transfer,
        { ...transfer, id: 'p2', amount: 10_000, reference: '' },
      ]),
    );
    renderPage();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: /INV-0007/ })).toBeVisible();
    expect(
      within(screen.getByRole('heading', { name: /INV-0007/ })).getByText('Partly paid'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('$50.00');
    expect(screen.getByTestId('invoice-balance-due')).toHaveTextContent('$100.00');
    const payments = screen.getByRole('list', { name: 'Payments' });
    expect(within(payments).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue(100);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect((await screen.findAllByText('Payment of $100.00 recorded'))[0]).toBeVisible();
    expect(screen.getAllByText('Invoice INV-0007 is paid.')[0]).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('invoice-balance-due')).toHaveTextContent('$0.00');
    expect(
      within(screen.getByRole('heading', { name: /INV-0007/ })).getByText('Paid'),
    ).toBeVisible();
    expect(within(payments).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        url: `/api/admin/invoices/${ID}/payments`,
        body: {
          amount: 10_000,
          method: 'bank_transfer',
          paidOn: expect.any(String),
          reference: '',
        },
      },
    ]);
  });

  it('puts a flagged payment in front of the admin until it is marked resolved', async () => {
    const calls = stubInvoiceApi(detail({ paymentFlags: [flagOf(FLAG_ID, FLAG)] }));
    renderPage();
    const warning = (await screen.findByText(/Needs your attention/)).closest('[role="status"]');
    expect(warning).toHaveTextContent(`Needs your attention: ${FLAG}`);
    // No payment counts yet: the totals say nothing about payments.
    expect(screen.queryByText('Amount paid')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(screen.queryByText(/Needs your attention/)).not.toBeInTheDocument());
    expect(calls).toContainEqual({
      method: 'POST',
      url: `/api/admin/invoices/${ID}/resolve-flag`,
      body: { flagId: FLAG_ID },
    });
  });

  it('lists every warning and resolves one of them on its own', async () => {
    const DISPUTE = 'The client disputed a card payment of $50.00 (fraudulent)';
    const calls = stubInvoiceApi(
      detail({ paymentFlags: [flagOf(FLAG_ID, FLAG), flagOf(OTHER_FLAG_ID, DISPUTE)] }),
    );
    renderPage();
    const warnings = await screen.findByRole('list', { name: 'Warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining(FLAG), expect.stringContaining(DISPUTE)]);
    expect(screen.getByText('Needs your attention (2):')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: `Mark as resolved: ${DISPUTE}` }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: `/api/admin/invoices/${ID}/resolve-flag`,
        body: { flagId: OTHER_FLAG_ID },
      }),
    );
    // The answer has the first one left: shown on its own.
    expect(await screen.findByText(FLAG)).toBeVisible();
    expect(screen.queryByText(DISPUTE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all resolved' })).not.toBeInTheDocument();
  });

  it.each<InvoiceStatus>(['draft', 'paid'])('offers no payment on a %s invoice', async (status) => {
    stubInvoiceApi(detail({ status }));
    renderPage();
    expect(await screen.findByRole('heading', { name: /INV-0007/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('names a draft by what it is until it is sent and numbered', async () => {
    stubInvoiceApi(
      detail({ invoiceNumber: null, status: 'draft', sentAt: null, clientName: 'Odile Guidry' }),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: /^Draft invoice/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'download',
      'Draft.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Delete this draft?' })).toBeVisible();
  });

  it('shows until when the pay link works, and revokes it once the admin confirms', async () => {
    const calls = stubInvoiceApi(
      detail({ status: 'sent' }, [], { expiresAt: '2027-01-20T16:00:00.000Z' }),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/^Works until Jan 20, 2027/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Revoke pay link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the pay link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke pay link' }));
    expect(await screen.findByText(/The link stops working now\./)).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith('/pay-link/revoke'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/^Works until/)).not.toBeInTheDocument());
  });

  it('shows no pay link line while none is out', async () => {
    stubInvoiceApi(detail({ status: 'sent' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: /INV-/ })).toBeVisible();
    expect(screen.queryByText('Pay link')).not.toBeInTheDocument();
  });

  it('asks before e-mailing an invoice that cannot say how to pay, and links to Settings', async () => {
    const calls = stubInvoiceApi(detail(), undefined, { noWayToPay: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send by E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send without a way to pay?' });
    expect(dialog).toHaveTextContent(
      'There are no payment instructions and no card payments (Stripe), so this invoice will not tell the client how to pay.',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Add payment instructions in Settings' }),
    ).toHaveAttribute('href', '/admin/settings');
    // Cancel sends nothing; Send anyway sends it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send by E-mail' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send anyway' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        `/api/admin/invoices/${ID}/email`,
      ]),
    );
  });

  it('e-mails at once when the invoice can say how to pay', async () => {
    const calls = stubInvoiceApi(detail());
    renderPage();
    await screen.findByRole('heading', { name: /INV-/ });
    // The checklist's answer is in before the click.
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/admin/setup-checklist'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send by E-mail' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(`/api/admin/invoices/${ID}/email`),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('InvoiceDetailPage corrections', () => {
  it('offers Delete only for a draft, with Edit, Mark as Sent and Send by E-mail', async () => {
    stubInvoiceApi(detail({ status: 'draft', invoiceNumber: null, sentAt: null }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/admin/invoices/${ID}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Mark as Sent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send by E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('offers a late-fee draft Waive late fee, never Delete (the daily run would charge it again)', async () => {
    const original = '5f0c6a1e-0000-4000-8000-0000000000a1';
    stubInvoiceApi(
      detail({ status: 'draft', invoiceNumber: null, sentAt: null, lateFeeForInvoiceId: original }),
    );
    apiServer.use(
      http.get(`/api/admin/invoices/${original}`, () =>
        json(InvoiceDetailSchema, detail({ invoiceNumber: 'INV-2026-0007' })),
      ),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Waive late fee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('voids a sent invoice with a reason: no Delete, the reason is required and sent', async () => {
    const user = userEvent.setup();
    const shown = detail({ status: 'sent' });
    stubInvoiceApi(shown);
    const bodies: unknown[] = [];
    apiServer.use(
      http.post(`/api/admin/invoices/${ID}/void`, async ({ request }) => {
        bodies.push(await request.json());
        return json(InvoiceDetailSchema, {
          ...shown,
          invoice: {
            ...shown.invoice,
            status: 'void',
            voidedAt: '2026-12-03T10:00:00.000Z',
            voidReason: 'Wrong company',
          },
        });
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-0007?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    expect(await within(dialog).findByText('Say why the invoice is voided')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong company');
    await user.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Wrong company' }]));
    expect(await screen.findByText('Wrong company')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('issues a credit note on a paid invoice: listed with its PDF, the action gone once all is credited', async () => {
    const user = userEvent.setup();
    const card: Payment = {
      ...transfer,
      amount: 15_000,
      method: 'card',
      reference: '',
      stripePaymentIntentId: 'pi_1',
      stripeDashboardUrl: 'https://dashboard.stripe.com/test/payments/pi_1',
    };
    const shown = {
      ...detail({ status: 'paid', amountPaid: 15_000, paidAt: '2026-12-01T12:00:00.000Z' }, [card]),
      creditable: { remaining: 15_000, cardRefundable: 15_000 },
    };
    stubInvoiceApi(shown);
    const creditNote = {
      id: 'c0ffee00-0000-4000-8000-000000000002',
      creditNoteNumber: 'CN-2026-0009',
      invoiceId: ID,
      status: 'issued' as const,
      amount: 15_000,
      reason: 'Cancelled project',
      refundAmount: 15_000,
      stripeRefundId: 're_1',
      refundStatus: 'succeeded',
      createdBy: 'owner@example.com',
      createdAt: '2026-12-03T10:00:00.000Z',
      issuedAt: '2026-12-03T10:00:00.000Z',
    };
    apiServer.use(
      http.post(`/api/admin/invoices/${ID}/credit-notes`, () =>
        json(
          IssuedCreditNoteSchema,
          {
            ...shown,
            creditNotes: [creditNote],
            creditable: { remaining: 0, cardRefundable: 0 },
            creditNote,
            message: 'Credit note CN-2026-0009 for $150.00 is issued.',
          },
          { status: 201 },
        ),
      ),
    );
    renderPage();
    // A paid invoice is corrected by a credit note: no Void, no Delete, no Record payment.
    await user.click(await screen.findByRole('button', { name: 'Issue credit note' }));
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Issue credit note' });
    expect(within(dialog).getByTestId('credit-note-refund')).toHaveTextContent(
      'A card refund of $150.00 will be made through Stripe',
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Cancelled project');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const list = await screen.findByRole('list', { name: 'Credit notes' });
    expect(within(list).getByText('CN-2026-0009')).toBeVisible();
    expect(within(list).getByText('Reason: Cancelled project')).toBeVisible();
    expect(within(list).getByText('$150.00 refunded to the card through Stripe')).toBeVisible();
    expect(within(list).getByRole('link', { name: 'PDF of CN-2026-0009' })).toHaveAttribute(
      'href',
      `/api/admin/invoices/${ID}/credit-notes/${creditNote.id}/pdf`,
    );
    expect(screen.getByText(/Camille Broussard · \$150\.00 · \$150\.00 credited/)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Issue credit note' })).not.toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('heading', { name: /INV-0007/ })).getByText('Paid'),
    ).toBeVisible();
  });
});

describe('InvoiceDetailPage credit note whose card refund failed', () => {
  it('says the refund failed and that the money is to be returned by hand', async () => {
    const note = {
      id: 'c0ffee00-0000-4000-8000-000000000003',
      creditNoteNumber: 'CN-2026-0010',
      invoiceId: ID,
      status: 'issued' as const,
      amount: 15_000,
      reason: 'Cancelled project',
      // What Stripe could not refund is the agency's to return: nothing goes back by card.
      refundAmount: 0,
      stripeRefundId: 're_2',
      refundStatus: 'failed',
      createdBy: 'owner@example.com',
      createdAt: '2026-12-03T10:00:00.000Z',
      issuedAt: '2026-12-03T10:00:00.000Z',
    };
    stubInvoiceApi({
      ...detail({ status: 'paid', amountPaid: 15_000, paidAt: '2026-12-01T12:00:00.000Z' }, [
        transfer,
      ]),
      creditNotes: [note],
      creditable: { remaining: 0, cardRefundable: 0 },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Credit notes' });
    expect(within(list).getByText('Card refund failed')).toBeVisible();
    expect(within(list).getByText('$150.00 to return to the client yourself')).toBeVisible();
    expect(
      within(list).getByText(/Stripe could not refund it to the card after accepting it/),
    ).toBeVisible();
  });
});

describe('InvoiceDetailPage dates and times', () => {
  const detailOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;

  it('writes times in the business time zone, and a payment recorded by hand as its day only', async () => {
    stubInvoiceApi(
      detail(
        {
          status: 'paid',
          amountPaid: 15_000,
          // 7:47 PM on Nov 25 in Chicago, the business time zone.
          sentAt: '2026-11-26T01:47:00.000Z',
          // Recorded by hand as received on Nov 27: kept as noon UTC of that day.
          paidAt: '2026-11-27T12:00:00.000Z',
        },
        [{ ...transfer, amount: 15_000, paidAt: '2026-11-27T12:00:00.000Z' }],
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: /INV-0007/ })).toBeVisible();
    expect(detailOf('Sent')).toHaveTextContent(/^Nov 25, 2026 at 7:47 PM$/);
    expect(detailOf('Paid')).toHaveTextContent(/^Nov 27, 2026$/);
    expect(
      within(screen.getByRole('list', { name: 'Payments' })).getByRole('listitem'),
    ).toHaveTextContent(/^Nov 27, 2026 · Bank transfer/);
  });

  it('gives a card payment its time, as the business clock read it', async () => {
    const card: Payment = {
      ...transfer,
      amount: 15_000,
      method: 'card',
      reference: '',
      // 11:15 PM on Nov 27 in Chicago, already Nov 28 in UTC.
      paidAt: '2026-11-28T05:15:00.000Z',
    };
    stubInvoiceApi(detail({ status: 'paid', amountPaid: 15_000, paidAt: card.paidAt }, [card]));
    renderPage();
    expect(await screen.findByRole('heading', { name: /INV-0007/ })).toBeVisible();
    expect(detailOf('Paid')).toHaveTextContent(/^Nov 27, 2026 at 11:15 PM$/);
  });
});

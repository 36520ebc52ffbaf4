import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceDetailSchema, type InvoiceDetail } from '@shared/schemas/invoices';
import { apiServer, json } from '@tests/support/api-server';
import { anInvoice, INVOICE_ID } from '@tests/support/invoice-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { RecordPaymentDialog } from './record-payment-dialog';

const ID = INVOICE_ID;

const invoice = anInvoice({ amountPaid: 5_000 });

/** The invoice as the server answers after a payment of `amount` cents. */
function answer(amount: number): InvoiceDetail {
  const amountPaid = invoice.amountPaid + amount;
  const paid = amountPaid >= invoice.total;
  return {
    invoice: {
      ...invoice,
      amountPaid,
      status: paid ? 'paid' : 'sent',
      paidAt: paid ? '2026-12-07T12:00:00.000Z' : null,
    },
    lineItems: [],
    taxes: [],
    lateFee: null,
    payments: [],
    payLink: null,
    creditNotes: [],
    creditable: { remaining: 0, cardRefundable: 0 },
  };
}

/** POST .../payments answered as the server would; returns the bodies it was sent. */
function stubPaymentsApi() {
  const posted: unknown[] = [];
  apiServer.use(
    http.post(`/api/admin/invoices/${ID}/payments`, async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      posted.push(body);
      return json(InvoiceDetailSchema, answer(body.amount), { status: 201 });
    }),
  );
  return posted;
}

function renderDialog(onOpenChange = vi.fn()) {
  renderWithApp(
    <RecordPaymentDialog
      invoice={invoice}
      open
      onOpenChange={onOpenChange}
      today={new Date('2026-12-07T12:00:00Z')}
    />,
    `/admin/invoices/${ID}`,
  );
  return onOpenChange;
}

describe('RecordPaymentDialog', () => {
  it('starts from the balance due and today, and sends the amount in cents', async () => {
    const posted = stubPaymentsApi();
    const onOpenChange = renderDialog();
    const user = userEvent.setup();

    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveValue(100);
    expect(screen.getByLabelText('Method')).toHaveValue('bank_transfer');
    expect(screen.getByLabelText('Date received')).toHaveValue('2026-12-07');
    expect(screen.getByRole('option', { name: 'Check' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Card (Stripe)' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12.50');
    await user.selectOptions(screen.getByLabelText('Method'), 'check');
    await user.clear(screen.getByLabelText('Date received'));
    await user.type(screen.getByLabelText('Date received'), '2026-12-05');
    await user.type(screen.getByLabelText('Reference (optional)'), ' Check 1042 ');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));

    expect((await screen.findAllByText('Payment of $12.50 recorded'))[0]).toBeVisible();
    expect(screen.getAllByText('$87.50 is still due on INV-0007.')[0]).toBeVisible();
    expect(posted).toEqual([
      { amount: 1250, method: 'check', paidOn: '2026-12-05', reference: 'Check 1042' },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so when the payment settles the invoice', async () => {
    const posted = stubPaymentsApi();
    renderDialog();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record payment' }));

    expect((await screen.findAllByText('Payment of $100.00 recorded'))[0]).toBeVisible();
    expect(screen.getAllByText('Invoice INV-0007 is paid.')[0]).toBeVisible();
    expect(posted).toEqual([
      { amount: 10_000, method: 'bank_transfer', paidOn: '2026-12-07', reference: '' },
    ]);
  });

  it("shows the schema's message for an amount of 0, and sends nothing", async () => {
    const posted = stubPaymentsApi();
    const onOpenChange = renderDialog();
    const user = userEvent.setup();

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Amount must be more than $0.00')).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

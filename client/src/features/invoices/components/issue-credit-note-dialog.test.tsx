import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Creditable, CreditNote } from '@shared/schemas/credit-notes';
import { IssuedCreditNoteSchema, type IssuedCreditNote } from '@shared/schemas/invoices';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { anInvoice, anInvoiceDetail, INVOICE_ID } from '@tests/support/invoice-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { IssueCreditNoteDialog } from './issue-credit-note-dialog';

const ID = INVOICE_ID;
const paid = anInvoice({ status: 'paid', amountPaid: 15_000, paidAt: '2026-11-25T12:00:00.000Z' });

/** The answer of the server to a credit note of `amount` cents, `refundAmount` of it by card. */
function answer(amount: number, refundAmount: number, reason: string): IssuedCreditNote {
  const creditNote: CreditNote = {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    creditNoteNumber: 'CN-2026-0004',
    invoiceId: ID,
    status: 'issued',
    amount,
    reason,
    refundAmount,
    stripeRefundId: refundAmount > 0 ? 're_123' : null,
    refundStatus: refundAmount > 0 ? 'succeeded' : null,
    createdBy: 'owner@example.com',
    createdAt: '2026-12-01T15:00:00.000Z',
    issuedAt: '2026-12-01T15:00:00.000Z',
  };
  return {
    ...anInvoiceDetail({ status: 'paid', amountPaid: 15_000 }),
    creditNotes: [creditNote],
    creditable: { remaining: 15_000 - amount, cardRefundable: 0 },
    creditNote,
    message: `Credit note CN-2026-0004 for $${(amount / 100).toFixed(2)} is issued.`,
  };
}

/** POST .../credit-notes answered as the server would; returns the bodies it was sent. */
function stubCreditNotesApi(byCard: boolean) {
  const posted: Array<{ amountCents?: number; reason: string }> = [];
  apiServer.use(
    http.post(`/api/admin/invoices/${ID}/credit-notes`, async ({ request }) => {
      const body = (await request.json()) as { amountCents: number; reason: string };
      posted.push(body);
      return json(
        IssuedCreditNoteSchema,
        answer(body.amountCents, byCard ? body.amountCents : 0, body.reason),
        { status: 201 },
      );
    }),
  );
  return posted;
}

function renderDialog(creditable: Creditable, onOpenChange = vi.fn()) {
  renderWithApp(
    <IssueCreditNoteDialog
      invoice={paid}
      creditable={creditable}
      open
      onOpenChange={onOpenChange}
    />,
    `/admin/invoices/${ID}`,
  );
  return onOpenChange;
}

describe('IssueCreditNoteDialog', () => {
  it('starts from what is left, says the card is refunded, and sends the amount in cents', async () => {
    const posted = stubCreditNotesApi(true);
    const onOpenChange = renderDialog({ remaining: 15_000, cardRefundable: 15_000 });
    const user = userEvent.setup();

    expect(screen.getByRole('dialog', { name: 'Issue credit note' })).toBeVisible();
    expect(
      screen.getByText(
        'INV-0007 for Camille Broussard: $150.00 of the $150.00 paid can still be credited. The invoice stays paid; the client is e-mailed the credit note as a PDF.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Amount to credit')).toHaveValue(150);
    expect(screen.getByTestId('credit-note-refund')).toHaveTextContent(
      'A card refund of $150.00 will be made through Stripe to the card the client paid with.',
    );

    await user.clear(screen.getByLabelText('Amount to credit'));
    await user.type(screen.getByLabelText('Amount to credit'), '40.5');
    expect(screen.getByTestId('credit-note-refund')).toHaveTextContent(
      'A card refund of $40.50 will be made through Stripe',
    );
    await user.type(screen.getByLabelText('Reason'), ' Two pages were dropped ');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));

    expect((await screen.findAllByText('CN-2026-0004 issued'))[0]).toBeVisible();
    expect(screen.getAllByText('Credit note CN-2026-0004 for $40.50 is issued.')[0]).toBeVisible();
    expect(posted).toEqual([{ amountCents: 4_050, reason: 'Two pages were dropped' }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says no card refund is made for an invoice paid by bank transfer', async () => {
    const posted = stubCreditNotesApi(false);
    renderDialog({ remaining: 10_000, cardRefundable: 0 });
    const user = userEvent.setup();

    expect(screen.getByLabelText('Amount to credit')).toHaveValue(100);
    expect(screen.getByTestId('credit-note-refund')).toHaveTextContent(
      'No card refund will be made: the invoice was not paid by card through Stripe. Return $100.00 to the client yourself.',
    );
    await user.type(screen.getByLabelText('Reason'), 'Cancelled');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect((await screen.findAllByText('CN-2026-0004 issued'))[0]).toBeVisible();
    expect(posted).toEqual([{ amountCents: 10_000, reason: 'Cancelled' }]);
  });

  it('names each mistake at its field and sends nothing: no reason, too much, no amount', async () => {
    const posted = stubCreditNotesApi(true);
    const onOpenChange = renderDialog({ remaining: 15_000, cardRefundable: 5_000 });
    const user = userEvent.setup();
    const amount = screen.getByLabelText('Amount to credit');

    await user.clear(amount);
    await user.type(amount, '150.01');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Say why the credit note is issued')).toBeVisible();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Reason'), 'Too generous');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('At most $150.00 can still be credited')).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    expect(screen.getByTestId('credit-note-refund')).toHaveTextContent(
      'Enter the amount to credit.',
    );
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Enter the amount in dollars')).toBeVisible();

    // Part by card, part by hand: both said before confirming.
    await user.type(amount, '80');
    expect(screen.getByTestId('credit-note-refund')).toHaveTextContent(
      'A card refund of $50.00 will be made through Stripe; return the other $30.00 to the client yourself.',
    );
    expect(posted).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open", async () => {
    apiServer.use(
      http.post(`/api/admin/invoices/${ID}/credit-notes`, () =>
        errorJson(
          502,
          'Stripe refused the refund: Charge ch_1 has been charged back; cannot issue a refund. No credit note was issued and nothing was refunded.',
        ),
      ),
    );
    const onOpenChange = renderDialog({ remaining: 15_000, cardRefundable: 15_000 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason'), 'Refund');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(
      (
        await screen.findAllByText(
          'Stripe refused the refund: Charge ch_1 has been charged back; cannot issue a refund. No credit note was issued and nothing was refunded.',
        )
      )[0],
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Issue credit note' })).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

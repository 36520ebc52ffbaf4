import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateInvoice } from '@shared/schemas/invoices';
import { renderWithApp } from '@tests/support/render-app';
import { InvoiceForm } from './invoice-form';
import { apiServer, adminPlansHandler } from '@tests/support/api-server';
import { LOUISIANA_RATES, taxRatesHandler } from '@tests/support/tax-fixtures';

describe('InvoiceForm', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler(), taxRatesHandler());
  });

  it('shows the total live and sends integer cents, without the lines that do not count', async () => {
    const user = userEvent.setup();
    const submitted: CreateInvoice[] = [];
    const onSubmit = vi.fn(async (invoice: CreateInvoice) => {
      submitted.push(invoice);
    });
    renderWithApp(
      <InvoiceForm
        onSubmit={onSubmit}
        submitting={false}
        today={new Date('2026-11-22T12:00:00Z')}
      />,
      '/admin/invoices/new',
    );
    const total = screen.getByTestId('invoice-total');

    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'Camille@Example.com');
    expect(screen.getByLabelText('Due Date')).toHaveValue('2026-12-06');
    await user.selectOptions(screen.getByLabelText('Plan (optional)'), 'signature');
    expect(screen.getByLabelText('Description, line 1')).toHaveValue('Signature plan, one month');
    expect(total).toHaveTextContent('$399.00');
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Description, line 2'), 'A third');
    await user.clear(screen.getByLabelText('Qty, line 2'));
    await user.type(screen.getByLabelText('Qty, line 2'), '3');
    await user.type(screen.getByLabelText('Unit price ($), line 2'), '33.33');
    expect(total).toHaveTextContent('$498.99');
    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Unit price ($), line 3'), '50');
    // No description: the line does not count.
    expect(total).toHaveTextContent('$498.99');
    await user.type(screen.getByLabelText('Tax ($)'), '0.10');
    await user.type(screen.getByLabelText('Discount ($)'), '0.20');
    expect(total).toHaveTextContent('$498.89');

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(submitted).toEqual([
      {
        clientId: null,
        clientName: 'Camille Broussard',
        clientEmail: 'camille@example.com',
        planType: 'signature',
        dueDate: '2026-12-06',
        notes: '',
        lineItems: [
          {
            description: 'Signature plan, one month',
            quantity: 1,
            unitPrice: 39_900,
            taxable: true,
          },
          { description: 'A third', quantity: 3, unitPrice: 3_333, taxable: true },
        ],
        taxRateIds: [],
        tax: 10,
        discount: 20,
      },
    ]);
  }, 20_000);

  it('says so when no line counts, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithApp(<InvoiceForm onSubmit={onSubmit} submitting={false} />, '/admin/invoices/new');
    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'camille@example.com');
    await user.type(screen.getByLabelText('Description, line 1'), 'Free advice');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please add at least one line item');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the largest total an invoice may have, and sends nothing beyond it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithApp(<InvoiceForm onSubmit={onSubmit} submitting={false} />, '/admin/invoices/new');
    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'camille@example.com');
    await user.type(screen.getByLabelText('Description, line 1'), 'Everything');
    await user.clear(screen.getByLabelText('Qty, line 1'));
    await user.type(screen.getByLabelText('Qty, line 1'), '3');
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '9000000');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The invoice total cannot be more than $10,000,000.00',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks at once a line the server would drop, and sends only the lines it keeps', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_invoice: CreateInvoice) => {});
    renderWithApp(<InvoiceForm onSubmit={onSubmit} submitting={false} />, '/admin/invoices/new');
    const total = screen.getByTestId('invoice-total');
    const notBilled = () =>
      screen.queryAllByTestId('line-not-billed').map((note) => note.textContent);
    // A blank line has nothing to lose: no mark.
    expect(notBilled()).toEqual([]);

    await user.type(screen.getByLabelText('Description, line 1'), 'Logo design');
    expect(notBilled()).toEqual([
      'Line 1 will not be billed: a line needs a description and a unit price above $0.00.',
    ]);
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '0');
    expect(notBilled()).toHaveLength(1);
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '.01');
    expect(notBilled()).toEqual([]);
    await user.clear(screen.getByLabelText('Unit price ($), line 1'));
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '250');
    expect(total).toHaveTextContent('$250.00');

    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Unit price ($), line 2'), '40');
    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Description, line 3'), '   ');
    await user.type(screen.getByLabelText('Unit price ($), line 3'), '15');
    // A description of spaces is no description, for the server as here.
    expect(notBilled()).toEqual([
      'Line 2 will not be billed: a line needs a description and a unit price above $0.00.',
      'Line 3 will not be billed: a line needs a description and a unit price above $0.00.',
    ]);
    expect(total).toHaveTextContent('$250.00');

    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'camille@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].lineItems).toEqual([
      { description: 'Logo design', quantity: 1, unitPrice: 25_000, taxable: true },
    ]);
  }, 20_000);

  it('shows a total below zero as an error before sending, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithApp(<InvoiceForm onSubmit={onSubmit} submitting={false} />, '/admin/invoices/new');
    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'camille@example.com');
    await user.type(screen.getByLabelText('Description, line 1'), 'Plan');
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '100');
    await user.type(screen.getByLabelText('Tax ($)'), '8');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Discount ($)'), '108.01');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('-$0.01');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The total is below zero: the discount cannot be more than the subtotal plus tax.',
    );

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(
      await screen.findByText('The discount cannot be more than the subtotal plus tax'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Discount ($)'));
    await user.type(screen.getByLabelText('Discount ($)'), '108');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  }, 20_000);

  it('applies the default rates to the taxable lines after the discount, one line per rate', async () => {
    apiServer.use(taxRatesHandler(LOUISIANA_RATES));
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithApp(<InvoiceForm onSubmit={onSubmit} submitting={false} />, '/admin/invoices/new');
    const state = await screen.findByRole('checkbox', { name: 'Louisiana state (4.45%)' });
    // The default rate is checked for a new invoice; a typed amount is not offered beside it.
    await waitFor(() => expect(state).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Orleans parish (5%)' })).not.toBeChecked();
    expect(screen.queryByLabelText('Tax ($)')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Client Name'), 'Camille Broussard');
    await user.type(screen.getByLabelText('Client Email'), 'camille@example.com');
    await user.type(screen.getByLabelText('Description, line 1'), 'Design');
    await user.type(screen.getByLabelText('Unit price ($), line 1'), '100');
    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Description, line 2'), 'Domain (resold)');
    await user.type(screen.getByLabelText('Unit price ($), line 2'), '50');
    await user.click(screen.getByRole('checkbox', { name: 'Taxable, line 2' }));
    await user.type(screen.getByLabelText('Discount ($)'), '15');
    await user.click(screen.getByRole('checkbox', { name: 'Orleans parish (5%)' }));

    // $90.00 taxable after its $10.00 share of the discount: 4.45% is $4.005, half-up $4.01.
    expect(screen.getAllByTestId('tax-line').map((line) => line.textContent)).toEqual([
      'Louisiana state (4.45%)$4.01',
      'Orleans parish (5%)$4.50',
    ]);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$143.51');

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({
        lineItems: [
          { description: 'Design', quantity: 1, unitPrice: 10_000, taxable: true },
          { description: 'Domain (resold)', quantity: 1, unitPrice: 5_000, taxable: false },
        ],
        taxRateIds: LOUISIANA_RATES.map((rate) => rate.id),
        tax: 0,
        discount: 1_500,
      }),
      expect.anything(),
    ]);
  }, 20_000);
});

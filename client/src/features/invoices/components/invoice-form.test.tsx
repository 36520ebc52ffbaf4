import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateInvoice } from '@shared/schemas/invoices';
import { renderWithApp } from '../../../../../tests/support/render-app';
import { InvoiceForm } from './invoice-form';

describe('InvoiceForm', () => {
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
    await user.clear(screen.getByLabelText('Quantity, line 2'));
    await user.type(screen.getByLabelText('Quantity, line 2'), '3');
    await user.type(screen.getByLabelText('Unit price in dollars, line 2'), '33.33');
    expect(total).toHaveTextContent('$498.99');
    await user.click(screen.getByRole('button', { name: 'Add Line Item' }));
    await user.type(screen.getByLabelText('Unit price in dollars, line 3'), '50');
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
          { description: 'Signature plan, one month', quantity: 1, unitPrice: 39_900 },
          { description: 'A third', quantity: 3, unitPrice: 3_333 },
        ],
        tax: 10,
        discount: 20,
      },
    ]);
  });

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
    await user.clear(screen.getByLabelText('Quantity, line 1'));
    await user.type(screen.getByLabelText('Quantity, line 1'), '3');
    await user.type(screen.getByLabelText('Unit price in dollars, line 1'), '9000000');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The invoice total cannot be more than $10,000,000.00',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

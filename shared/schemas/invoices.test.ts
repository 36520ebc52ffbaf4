import { describe, expect, it } from 'vitest';
import { InvoiceFormSchema, sumInvoice, type InvoiceFormValues } from './invoices';

const form = (overrides: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  clientName: 'Camille Broussard',
  clientEmail: 'camille@example.com',
  planType: '',
  dueDate: '2026-12-15',
  notes: '',
  lineItems: [{ description: 'Website plan', quantity: '1', unitPrice: '199' }],
  tax: '',
  discount: '',
  ...overrides,
});

const errorsOf = (values: InvoiceFormValues) => {
  const result = InvoiceFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the new-invoice form schema', () => {
  it('turns typed dollars into integer cents once, without floating-point drift', () => {
    const parsed = InvoiceFormSchema.parse(
      form({
        lineItems: [
          { description: 'Ten cents', quantity: '1', unitPrice: '0.10' },
          { description: 'Twenty cents', quantity: '1', unitPrice: '0.20' },
          { description: 'A third', quantity: '3', unitPrice: '33.33' },
        ],
        tax: '1.005',
        discount: '0.3',
      }),
    );
    expect(parsed.lineItems.map((line) => line.unitPrice)).toEqual([10, 20, 3333]);
    expect(parsed.tax).toBe(101);
    expect(parsed.discount).toBe(30);
    expect(parsed.planType).toBeNull();
    const totals = sumInvoice(parsed.lineItems, parsed.tax, parsed.discount);
    expect(totals.lines.map((line) => line.total)).toEqual([10, 20, 9999]);
    expect(totals.subtotal).toBe(10_029);
    expect(totals.total).toBe(10_029 + 101 - 30);
  });

  it('drops lines without a description or a positive price, and needs one line left', () => {
    const parsed = InvoiceFormSchema.parse(
      form({
        lineItems: [
          { description: '', quantity: '1', unitPrice: '50' },
          { description: 'Free consultation', quantity: '1', unitPrice: '0' },
          { description: 'Refund', quantity: '1', unitPrice: '-20' },
          { description: 'Logo', quantity: '2', unitPrice: '75' },
        ],
      }),
    );
    expect(parsed.lineItems).toEqual([
      { description: 'Logo', quantity: 2, unitPrice: 7500, taxable: true },
    ]);
    expect(
      errorsOf(form({ lineItems: [{ description: '  ', quantity: '1', unitPrice: '10' }] })),
    ).toEqual(['Please add at least one line item']);
  });

  it('says what is wrong with quantities, amounts and the client', () => {
    expect(
      errorsOf(form({ lineItems: [{ description: 'Plan', quantity: '1.5', unitPrice: '10' }] })),
    ).toEqual(['Quantity must be a whole number']);
    expect(
      errorsOf(form({ lineItems: [{ description: 'Plan', quantity: '0', unitPrice: '10' }] })),
    ).toEqual(['Quantity must be at least 1']);
    expect(errorsOf(form({ tax: 'abc' }))).toEqual(['Tax must be an amount in dollars']);
    expect(errorsOf(form({ discount: '-1' }))).toEqual(['Discount cannot be negative']);
    expect(errorsOf(form({ discount: '10000000.01' }))).toEqual([
      'Discount cannot be more than $10,000,000.00',
    ]);
    expect(
      errorsOf(
        form({
          lineItems: [{ description: 'Plan', quantity: '100000', unitPrice: '1000' }],
          tax: '0.01',
        }),
      ),
    ).toEqual(['The invoice total cannot be more than $10,000,000.00']);
    expect(errorsOf(form({ clientName: ' ', clientEmail: 'nope', dueDate: '' }))).toEqual([
      'Client name is required',
      'Please enter a valid email address',
      'Due date is required',
    ]);
  });
});

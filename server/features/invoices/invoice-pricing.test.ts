import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreateInvoice } from '@shared/schemas/invoices';
import { priceInvoice } from './invoice-pricing';

const invoice = (overrides: Partial<CreateInvoice> = {}): CreateInvoice => ({
  clientName: 'Camille Broussard',
  clientEmail: 'camille@example.com',
  dueDate: '2026-03-31',
  notes: '',
  lineItems: [
    { description: 'Design', quantity: 1, unitPrice: 10_000, taxable: true },
    { description: 'Hosting', quantity: 1, unitPrice: 5_000, taxable: false },
  ],
  taxRateIds: [],
  tax: 0,
  discount: 1_500,
  ...overrides,
});
const STATE = { taxRateId: 'state', name: 'State', percentThousandths: 4_450 };

describe('priceInvoice', () => {
  it('keeps a typed amount as one rate-less "Tax" row when no rate applies', () => {
    expect(priceInvoice(invoice({ tax: 700 }))).toMatchObject({
      tax: 700,
      total: 14_200,
      taxes: [{ taxRateId: null, name: 'Tax', percentThousandths: null, amount: 700 }],
    });
  });

  it('applies no rate and no typed amount for an exempt client', () => {
    const priced = priceInvoice(invoice({ tax: 700 }), {
      rates: [STATE],
      exemptCertificate: 'LA-1',
    });
    expect(priced).toMatchObject({ tax: 0, total: 13_500, taxes: [] });
  });

  it('adds up: the taxes are the tax, and the total is subtotal + tax − discount', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 20 }),
            unitPrice: fc.integer({ min: 1, max: 500_000 }),
            taxable: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, percents, discountShare) => {
          const lineItems = lines.map((line) => ({ ...line, description: 'Work' }));
          const subtotal = lineItems.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
          const discount = Math.floor(subtotal * discountShare);
          const rates = percents.map((percentThousandths, index) => ({
            taxRateId: `r${index}`,
            name: `Rate ${index}`,
            percentThousandths,
          }));
          const priced = priceInvoice(invoice({ lineItems, discount }), {
            rates,
            exemptCertificate: null,
          });
          expect(priced.taxes.reduce((sum, tax) => sum + tax.amount, 0)).toBe(priced.tax);
          expect(priced.total).toBe(priced.subtotal + priced.tax - discount);
          expect(priced.taxes.every((tax) => tax.taxableAmount <= subtotal - discount)).toBe(true);
        },
      ),
    );
  });
});

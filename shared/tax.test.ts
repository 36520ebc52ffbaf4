import { describe, expect, it } from 'vitest';
import {
  computeInvoiceTaxes,
  creditNoteTaxes,
  formatPercent,
  percentToThousandths,
  spread,
  taxOn,
  taxPerLine,
} from './tax';

const state = { taxRateId: 'state', name: 'Louisiana state', percentThousandths: 4450 };
const parish = { taxRateId: 'parish', name: 'Orleans parish', percentThousandths: 5000 };

describe('rates', () => {
  it('reads percentages with up to 3 decimals and names them', () => {
    expect(percentToThousandths(4.45)).toBe(4450);
    expect(percentToThousandths('7.125')).toBe(7125);
    expect(percentToThousandths('100')).toBe(100_000);
    expect(percentToThousandths('100.001')).toBeNull();
    expect(percentToThousandths('4.4567')).toBeNull();
    expect(percentToThousandths('-1')).toBeNull();
    expect(percentToThousandths('1e2')).toBeNull();
    expect(formatPercent(4450)).toBe('4.45%');
    expect(formatPercent(5000)).toBe('5%');
    expect(formatPercent(7125)).toBe('7.125%');
  });

  it('rounds half-up to the cent', () => {
    expect(taxOn(1000, 4450)).toBe(45); // 44.5 → 45
    expect(taxOn(999, 4450)).toBe(44); // 44.4555 → 44
    expect(taxOn(1_000_000_000, 100_000)).toBe(1_000_000_000);
  });
});

describe('an invoice', () => {
  it('applies each rate to the taxable lines after their share of the discount', () => {
    const taxes = computeInvoiceTaxes({
      lines: [
        { total: 60_000, taxable: true },
        { total: 40_000, taxable: false },
      ],
      discount: 10_000,
      rates: [state, parish],
    });
    // The taxable line carries 60 % of the discount: 60,000 − 6,000.
    expect(taxes.taxableAmount).toBe(54_000);
    expect(taxes.exemptAmount).toBe(36_000);
    expect(taxes.taxes.map((t) => t.amount)).toEqual([2403, 2700]);
    expect(taxes.tax).toBe(5103);
    expect(taxes.total).toBe(100_000 + 5103 - 10_000);
  });

  it('applies nothing for an exempt client', () => {
    const taxes = computeInvoiceTaxes({
      lines: [{ total: 10_000, taxable: true }],
      discount: 0,
      rates: [state],
      exempt: true,
    });
    expect(taxes.taxes).toEqual([]);
    expect(taxes.exemptAmount).toBe(10_000);
    expect(taxes.total).toBe(10_000);
  });

  it('spreads each rate over the taxable lines, the lines adding up to the invoice', () => {
    const lines = [
      { total: 3333, taxable: true },
      { total: 3333, taxable: true },
      { total: 5000, taxable: false },
      { total: 3334, taxable: true },
    ];
    const invoice = computeInvoiceTaxes({ lines, discount: 1001, rates: [state, parish] });
    const perLine = taxPerLine(lines, 1001, invoice.taxes);
    expect(perLine.reduce((sum, line) => sum + line.discount, 0)).toBe(1001);
    invoice.taxes.forEach((rate, index) => {
      expect(perLine.reduce((sum, line) => sum + (line.taxes[index] ?? 0), 0)).toBe(rate.amount);
    });
    expect(perLine[2]?.tax).toBe(0);
  });
});

describe('spread', () => {
  it('never gives a negative share and always adds up', () => {
    expect(spread(2, [1, 1, 1, 1])).toEqual([0, 0, 0, 2]);
    expect(spread(10, [0, 0])).toEqual([0, 10]);
    expect(spread(10, [5, 0])).toEqual([10, 0]);
    expect(spread(7, [])).toEqual([]);
  });
});

describe('credit notes', () => {
  it('reverse in proportion, the last note taking the remainder', () => {
    const invoiceTaxes = [{ amount: 445 }, { amount: 500 }];
    const invoiceTotal = 10_945;
    const first = creditNoteTaxes({
      invoiceTaxes: invoiceTaxes.map((t) => ({ ...t, reversed: 0 })),
      invoiceTotal,
      creditedBefore: 0,
      amount: 3333,
    });
    expect(first).toEqual([136, 152]);
    const last = creditNoteTaxes({
      invoiceTaxes: invoiceTaxes.map((t, i) => ({ ...t, reversed: first[i] ?? 0 })),
      invoiceTotal,
      creditedBefore: 3333,
      amount: invoiceTotal - 3333,
    });
    expect(last).toEqual([309, 348]);
  });
});

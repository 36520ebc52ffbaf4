import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDollars, dollarsToCents, formatCents } from './money';

describe('dollarsToCents', () => {
  it('converts typed dollars exactly, without floating-point drift', () => {
    expect(dollarsToCents('0.10')! + dollarsToCents('0.20')!).toBe(30);
    expect(3 * dollarsToCents('33.33')!).toBe(9999);
    expect(dollarsToCents('199')).toBe(19_900);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('.99')).toBe(99);
    expect(dollarsToCents(0.1)).toBe(10);
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents('-2.50')).toBe(-250);
  });

  it('returns null for anything that is not an amount', () => {
    for (const input of ['', ' ', 'abc', '1.2.3', '$5', '1e3', Number.NaN]) {
      expect(dollarsToCents(input)).toBeNull();
    }
  });
});

describe('formatCents', () => {
  it('formats cents as US dollars', () => {
    expect(formatCents(19_900)).toBe('$199.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-250)).toBe('-$2.50');
  });
});

describe('centsToDollars', () => {
  it('writes cents as the plain dollars of a form input', () => {
    expect(centsToDollars(19_900)).toBe('199.00');
    expect(centsToDollars(123_456_789)).toBe('1234567.89');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(-250)).toBe('-2.50');
  });

  it('is read back by dollarsToCents to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});

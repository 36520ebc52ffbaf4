import { describe, expect, it } from 'vitest';
import { centsToDecimal, csvRow, money, num } from './csv';

describe('csv', () => {
  it('writes exact decimals, numbers as numbers and guarded text', () => {
    expect(centsToDecimal(123_456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(csvRow(['=SUM(A1)', money(-1250), num(2), null, 'He said "hi"', '@x', ' -1'])).toBe(
      `"'=SUM(A1)",-12.50,2,,"He said ""hi""","'@x","' -1"\r\n`,
    );
  });
});

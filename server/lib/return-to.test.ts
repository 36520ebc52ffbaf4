import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/portal/support')).toBe('/portal/support');
    expect(safeReturnTo('/portal/support/abc?x=1#top')).toBe('/portal/support/abc?x=1#top');
  });

  it('rejects everything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'portal',
      '/\t/evil.example',
      '',
      undefined,
      42,
      ['/portal'],
      '/' + 'a'.repeat(2001),
    ]) {
      expect(safeReturnTo(value)).toBeUndefined();
    }
  });
});

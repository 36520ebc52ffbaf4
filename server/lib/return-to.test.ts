import fc from 'fast-check';
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
      '/./\\evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
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

describe('safeReturnTo, any input', () => {
  const tricky = fc.constantFrom(
    '/',
    '//',
    '/\\',
    '\\',
    'https:',
    'javascript:',
    '%2f',
    '\t',
    '@',
    '.',
    ':',
  );
  const input = fc
    .array(fc.oneof(tricky, fc.string({ maxLength: 8 }), fc.webUrl()), { maxLength: 6 })
    .map((parts) => parts.join(''));

  it('never answers a path that leaves the site', () => {
    fc.assert(
      fc.property(input, (value) => {
        const kept = safeReturnTo(value);
        if (kept === undefined) return;
        // Resolved as a browser resolves a Location header against the app's own address.
        expect(new URL(kept, 'https://studio.example').origin).toBe('https://studio.example');
        expect(kept.startsWith('/')).toBe(true);
        expect(kept.startsWith('//')).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });
});

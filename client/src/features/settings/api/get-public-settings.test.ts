import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPublicSettings } from './get-public-settings';

const answer = {
  businessName: 'Bayou Web Works',
  businessEmail: 'hi@bayou.example',
  businessLocation: 'Lafayette, LA',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getPublicSettings', () => {
  it('reads the answer through its schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...answer, extra: true }))),
    );
    await expect(getPublicSettings()).resolves.toEqual(answer);
  });

  it('refuses an answer of another shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...answer, businessName: 42 }))),
    );
    await expect(getPublicSettings()).rejects.toThrow(/businessName/);
  });
});

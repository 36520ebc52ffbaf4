import bcrypt from 'bcrypt';
import { describe, expect, it, vi } from 'vitest';
import { hashOneTimeCode, verifyOneTimeCode, verifyPassword } from './passwords';

/** The bcrypt comparisons a call makes, as the cost of each hash compared against. */
async function bcryptWorkOf(call: () => Promise<boolean>): Promise<number[]> {
  const compare = vi.spyOn(bcrypt, 'compare');
  try {
    await call();
    return compare.mock.calls.map(([, hash]) => bcrypt.getRounds(hash as string));
  } finally {
    compare.mockRestore();
  }
}

describe('checks that must not tell whether an account exists by their timing', () => {
  it('compares a code against a hash of the same cost when no code was sent', async () => {
    const hash = await hashOneTimeCode('123456');
    const withCode = await bcryptWorkOf(() => verifyOneTimeCode('654321', hash));
    const withoutCode = await bcryptWorkOf(() => verifyOneTimeCode('654321', null));
    expect(withoutCode).toEqual(withCode);
    expect(withCode).toEqual([10]);
    expect(await verifyOneTimeCode('123456', hash)).toBe(true);
    expect(await verifyOneTimeCode('123456', null)).toBe(false);
  });

  it('compares a password against a hash of the same cost when there is no account', async () => {
    const withoutAccount = await bcryptWorkOf(() => verifyPassword('a guess', undefined));
    expect(withoutAccount).toEqual([12]);
    expect(await verifyPassword('a guess', undefined)).toBe(false);
  });
});

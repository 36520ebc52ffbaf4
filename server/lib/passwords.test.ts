import bcrypt from 'bcrypt';
import { describe, expect, it, vi } from 'vitest';
import { passwordHashCosts } from '../config';
import { hashOneTimeCode, hashPassword, verifyOneTimeCode, verifyPassword } from './passwords';

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
    expect(withCode).toEqual([passwordHashCosts().oneTimeCode]);
    expect(await verifyOneTimeCode('123456', hash)).toBe(true);
    expect(await verifyOneTimeCode('123456', null)).toBe(false);
  });

  it('compares a password against a hash of the same cost when there is no account', async () => {
    const withoutAccount = await bcryptWorkOf(() => verifyPassword('a guess', undefined));
    const withAccount = await bcryptWorkOf(async () =>
      verifyPassword('a guess', await hashPassword('the password')),
    );
    expect(withoutAccount).toEqual(withAccount);
    expect(withoutAccount).toEqual([passwordHashCosts().password]);
    expect(await verifyPassword('a guess', undefined)).toBe(false);
  });
});

describe('the work factors', () => {
  it('are at least 12 for a password and 10 for a one-time code outside the tests', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(passwordHashCosts({ NODE_ENV })).toEqual({ password: 12, oneTimeCode: 10 });
    }
  });

  it("are bcrypt's least in the tests, which sign in hundreds of times", () => {
    expect(passwordHashCosts({ NODE_ENV: 'test' })).toEqual({ password: 4, oneTimeCode: 4 });
  });
});

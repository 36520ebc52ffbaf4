import bcrypt from 'bcrypt';

/** bcrypt work factor: at least 12 (about a quarter of a second per hash here). */
export const BCRYPT_COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A hash of a random password, compared against when the account does not exist so timing says nothing. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password-' + Math.random(), BCRYPT_COST);

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}

/**
 * Short-lived one-time codes (an e-mail's 6 digits) are hashed with a lower work factor: a
 * code lives minutes, and guessing its million values offline at this cost takes longer.
 */
const ONE_TIME_CODE_COST = 10;

export function hashOneTimeCode(code: string): Promise<string> {
  return bcrypt.hash(code, ONE_TIME_CODE_COST);
}

export function verifyOneTimeCode(code: string, hash: string | null): Promise<boolean> {
  return hash ? bcrypt.compare(code, hash) : Promise.resolve(false);
}

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

/** A code hash nothing matches, compared against where no code was sent, so timing says nothing. */
const DUMMY_CODE_HASH = bcrypt.hashSync(`not-a-code-${Math.random()}`, ONE_TIME_CODE_COST);

/**
 * Whether `code` is the one hashed. Without a hash (the sign-up of an address that has an
 * account, where its owner was told instead of sent a code) the same bcrypt work is done, so
 * the answer takes as long and does not tell that the address has an account.
 */
export async function verifyOneTimeCode(code: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(code, hash ?? DUMMY_CODE_HASH);
  return hash !== null && matches;
}

import bcrypt from 'bcrypt';
import { passwordHashCosts } from '../config';

/** The work factors (config.ts): a password at least 12, a one-time code 10, in production. */
const COSTS = passwordHashCosts();

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COSTS.password);
}

/**
 * A hash of a random password, compared against when the account does not exist so timing
 * says nothing. Made at start rather than on first use, so the first such answer takes no
 * longer than the others.
 */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password-' + Math.random(), COSTS.password);

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
export function hashOneTimeCode(code: string): Promise<string> {
  return bcrypt.hash(code, COSTS.oneTimeCode);
}

/** A code hash nothing matches, compared against where no code was sent, so timing says nothing. */
const DUMMY_CODE_HASH = bcrypt.hashSync(`not-a-code-${Math.random()}`, COSTS.oneTimeCode);

/**
 * Whether `code` is the one hashed. Without a hash (the sign-up of an address that has an
 * account, where its owner was told instead of sent a code) the same bcrypt work is done, so
 * the answer takes as long and does not tell that the address has an account.
 */
export async function verifyOneTimeCode(code: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(code, hash ?? DUMMY_CODE_HASH);
  return hash !== null && matches;
}

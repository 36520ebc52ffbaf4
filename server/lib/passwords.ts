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

import type { ProviderSignup } from '../../../shared/schemas/auth';
import type { IdentityAccount } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { IdentityAccountRepository } from './identity.repository';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

export function createIdentityService(accounts: IdentityAccountRepository) {
  return {
    async signIn(email: string, password: string): Promise<IdentityAccount> {
      const account = await accounts.findByEmail(email);
      const valid = await verifyPassword(password, account?.passwordHash);
      if (!account || !valid) throw new AppError(401, WRONG_CREDENTIALS);
      return account;
    },
    /** Whether someone already signed up with this e-mail (decides which page a hint opens). */
    async hasAccount(email: string): Promise<boolean> {
      return Boolean(await accounts.findByEmail(email));
    },
    async register(input: ProviderSignup): Promise<IdentityAccount> {
      if (await accounts.findByEmail(input.email)) throw new AppError(409, EMAIL_TAKEN);
      const account = await accounts.insert({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
      });
      if (!account) throw new AppError(409, EMAIL_TAKEN);
      return account;
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;

import crypto from 'node:crypto';
import type { ProviderSignup } from '@shared/schemas/auth';
import type { IdentityAccount, IdentityEmailCode } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  hashOneTimeCode,
  hashPassword,
  verifyOneTimeCode,
  verifyPassword,
} from '../../lib/passwords';
import type { IdentityAccountRepository } from './identity.repository';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const CODE_VALID_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
/** The first code and four new ones per sign-in. */
export const MAX_CODE_SENDS = 5;

export const SIGN_UP_EXPIRED = 'Your sign-up has expired. Please start again.';
export const CODE_EXPIRED = 'This code has expired. Send a new code and enter that one.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Send a new code and enter that one.';
export const TOO_MANY_SENDS =
  'We have sent as many codes as we can for this sign-in. Please start again.';
export const EMAIL_TAKEN_SINCE =
  'This e-mail address now has an account. Sign in with its password instead.';
export const RESET_EXPIRED = 'Your password reset has expired. Please start again.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';

/** The e-mails of the built-in provider (the mail feature's notifications). */
export interface IdentityMail {
  /** The code of the sign-in `signIn`, working until `expiresAt`. */
  emailCode(
    to: string,
    code: string,
    validity: { signIn: string; validMinutes: number; expiresAt: Date },
  ): void;
  accountAlreadyExists(to: string): void;
  /** The code that lets the account's owner choose a new password, like emailCode. */
  passwordResetCode(
    to: string,
    code: string,
    validity: { signIn: string; validMinutes: number; expiresAt: Date },
  ): void;
  /** The sign-in's code was used or replaced: the outbox keeps no copy of it. */
  forgetCode(signIn: string): Promise<void>;
}

interface IdentityServiceDeps {
  accounts: IdentityAccountRepository;
  mail: IdentityMail;
  /** Ends every app session of the clients signed in with this account (after a reset). */
  endAppSessions: (accountId: string) => Promise<void>;
  now?: () => Date;
}

/** What a sign-in step leads to: signed in as an account, or a code to enter first. */
export type SignInOutcome = { accountId: string } | { verifyEmail: string };

const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The built-in provider's accounts. An e-mail address is proven by a 6-digit code mailed to
 * it, bound to the sign-in (interaction) that asked for it: an account is made only once its
 * code is entered, so nobody can hold an address they cannot read. A sign-up for an address
 * that has an account looks the same from outside (same page, same work) and tells the
 * address's owner instead of sending a code.
 */
export function createIdentityService({
  accounts,
  mail,
  endAppSessions,
  now = () => new Date(),
}: IdentityServiceDeps) {
  const codeExpiry = () => new Date(now().getTime() + CODE_VALID_MINUTES * 60_000);

  async function sendCode(
    interactionUid: string,
    email: string,
    owner: Pick<IdentityAccount, 'id'> | null,
    pendingSignup: { firstName: string; lastName: string; passwordHash: string } | null,
  ): Promise<void> {
    const code = newCode();
    const expiresAt = codeExpiry();
    await accounts.saveCode({
      interactionUid,
      email,
      accountId: owner?.id ?? null,
      pendingSignup,
      codeHash: await hashOneTimeCode(code),
      expiresAt,
    });
    mailCode(email, code, interactionUid, expiresAt);
  }

  function mailCode(email: string, code: string, signIn: string, expiresAt: Date) {
    mail.emailCode(email, code, { signIn, validMinutes: CODE_VALID_MINUTES, expiresAt });
  }

  function mailResetCode(email: string, code: string, signIn: string, expiresAt: Date) {
    mail.passwordResetCode(email, code, { signIn, validMinutes: CODE_VALID_MINUTES, expiresAt });
  }

  /** One try at the sign-in's code of this purpose: the row, or why no try is allowed. */
  async function countTry(
    interactionUid: string,
    code: string,
    purpose: 'verify' | 'reset',
  ): Promise<IdentityEmailCode> {
    const expired = purpose === 'reset' ? RESET_EXPIRED : SIGN_UP_EXPIRED;
    const counted = await accounts.countAttempt(interactionUid, MAX_CODE_ATTEMPTS, now(), purpose);
    if (!counted) {
      const row = await accounts.findCode(interactionUid);
      if (!row || row.purpose !== purpose) throw new AppError(400, expired);
      if (row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(429, TOO_MANY_TRIES);
      throw new AppError(400, CODE_EXPIRED);
    }
    if (!(await verifyOneTimeCode(code, counted.codeHash))) {
      const left = MAX_CODE_ATTEMPTS - counted.attempts;
      if (left <= 0) throw new AppError(429, TOO_MANY_TRIES);
      throw new AppError(
        400,
        `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    return counted;
  }

  return {
    /** Password sign-in; an account made before e-mail codes proves its address first. */
    async signIn(interactionUid: string, email: string, password: string): Promise<SignInOutcome> {
      const account = await accounts.findByEmail(email);
      const valid = await verifyPassword(password, account?.passwordHash);
      if (!account || !valid) throw new AppError(401, WRONG_CREDENTIALS);
      if (account.emailVerifiedAt) return { accountId: account.id };
      await sendCode(interactionUid, account.email, account, null);
      return { verifyEmail: account.email };
    },

    /** Always leads to the code page, whether the address is free or not. */
    async register(
      interactionUid: string,
      input: ProviderSignup,
    ): Promise<{ verifyEmail: string }> {
      const pendingSignup = {
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
      };
      const existing = await accounts.findByEmail(input.email);
      if (existing?.emailVerifiedAt) {
        // Hashed like a real code would be, so the answer takes as long.
        await hashOneTimeCode(newCode());
        await accounts.saveCode({
          interactionUid,
          email: input.email,
          accountId: null,
          pendingSignup,
          codeHash: null,
          expiresAt: codeExpiry(),
        });
        mail.accountAlreadyExists(input.email);
      } else {
        await sendCode(interactionUid, input.email, null, pendingSignup);
      }
      return { verifyEmail: input.email };
    },

    /** The address this sign-in's code was sent to (the code page shows it). */
    async pendingEmail(interactionUid: string): Promise<string | undefined> {
      return (await accounts.findCode(interactionUid))?.email;
    },

    async verify(interactionUid: string, code: string): Promise<{ accountId: string }> {
      const counted = await countTry(interactionUid, code, 'verify');
      const account = await accounts.completeVerification(counted, now());
      if (!account) throw new AppError(409, EMAIL_TAKEN_SINCE);
      await mail.forgetCode(interactionUid);
      return { accountId: account.id };
    },

    /**
     * "Forgot password?": a code to the address when it has an account, and for any address
     * the same answer after the same work (a code hashed and a row kept, whose null hash no
     * code matches), so the page tells nobody which addresses have accounts.
     */
    async requestPasswordReset(interactionUid: string, email: string): Promise<void> {
      const account = await accounts.findByEmail(email);
      const code = newCode();
      const codeHash = await hashOneTimeCode(code);
      const expiresAt = codeExpiry();
      await accounts.saveCode({
        interactionUid,
        email,
        accountId: account?.id ?? null,
        pendingSignup: null,
        purpose: 'reset',
        codeHash: account ? codeHash : null,
        expiresAt,
      });
      if (account) mailResetCode(account.email, code, interactionUid, expiresAt);
    },

    /**
     * The mailed reset code and a new password: the account's password is replaced, its
     * address counts as proven, and every other session of it ends (the app's and the
     * provider's); the sign-in then completes as this account.
     */
    async resetPassword(
      interactionUid: string,
      code: string,
      password: string,
    ): Promise<{ accountId: string }> {
      const counted = await countTry(interactionUid, code, 'reset');
      const account = await accounts.completeReset(counted, await hashPassword(password), now());
      if (!account) throw new AppError(400, RESET_EXPIRED);
      await mail.forgetCode(interactionUid);
      await endAppSessions(account.id);
      return { accountId: account.id };
    },

    /** The signed-in client's password change (their app sessions are the caller's to end). */
    async changePassword(
      accountId: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const account = await accounts.findById(accountId);
      if (!account) throw new AppError(409, 'This account has no password to change here.');
      if (!(await verifyPassword(currentPassword, account.passwordHash)))
        throw new AppError(400, WRONG_CURRENT_PASSWORD);
      await accounts.changePassword(account.id, await hashPassword(newPassword));
    },

    /** The e-mail of a built-in account, or undefined when there is no such account. */
    async accountEmail(accountId: string): Promise<string | undefined> {
      return (await accounts.findById(accountId))?.email;
    },

    /** A new code for this sign-in (the owner of a taken address is told again instead). */
    async resend(interactionUid: string): Promise<{ verifyEmail: string }> {
      const row = await accounts.findCode(interactionUid);
      if (!row) throw new AppError(400, SIGN_UP_EXPIRED);
      const code = newCode();
      const expiresAt = codeExpiry();
      const renewed = await accounts.renewCode(
        interactionUid,
        { codeHash: await hashOneTimeCode(code), expiresAt },
        MAX_CODE_SENDS,
      );
      if (!renewed) throw new AppError(429, TOO_MANY_SENDS);
      // The earlier code works no more: its copy in the outbox goes before the new one is sent.
      await mail.forgetCode(interactionUid);
      if (renewed.purpose === 'reset') {
        // An address with no account gets nothing, as at its first request.
        if (renewed.codeHash) mailResetCode(renewed.email, code, interactionUid, expiresAt);
      } else if (renewed.codeHash) mailCode(renewed.email, code, interactionUid, expiresAt);
      else mail.accountAlreadyExists(renewed.email);
      return { verifyEmail: renewed.email };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;

import crypto from 'node:crypto';
import type { ProviderSignup } from '@shared/schemas/auth';
import type { EmailCodePurpose, IdentityAccount, IdentityEmailCode } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  hashOneTimeCode,
  hashPassword,
  verifyOneTimeCode,
  verifyPassword,
} from '../../lib/passwords';
import type { IdentityAccountRepository } from './identity.repository';
import type { BackgroundWork } from '../../lib/background-work';

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

/** The code of an e-mail change the agency started: the client may read it hours later. */
export const AGENCY_EMAIL_CHANGE_VALID_HOURS = 24;
export const NO_EMAIL_CHANGE = 'There is no e-mail change to confirm. Please start again.';
export const EMAIL_CHANGE_EXPIRED = 'This e-mail change has expired. Please start again.';
export const SAME_EMAIL = 'This is already the e-mail address of the account.';
export const EMAIL_HELD = 'Another client account uses this e-mail address.';
export const EMAIL_HELD_SINCE =
  'This e-mail address now belongs to another account. Please choose another address.';
export const TOO_MANY_CHANGE_SENDS =
  'We have sent as many codes as we can for this change. Please start again.';
export const NO_BUILT_IN_ACCOUNT =
  'This client signs in with an external provider: their e-mail address is changed there.';

/** One e-mail change per account: its code's key (in place of a sign-in's interaction). */
export const emailChangeKey = (accountId: string) => `email-change:${accountId}`;

/** Who started an e-mail change: the client in the portal, or the agency on the client page. */
export type EmailChangeStarter = 'client' | 'agency';

/** The change under way: the new address, and when the last code mailed stops working. */
export interface PendingAddress {
  email: string;
  expiresAt: Date;
}

/** The e-mails of the built-in provider (identity.emails.ts sends them). */
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
  /**
   * The code that proves a new sign-in address (`key`: emailChangeKey), working `validFor`
   * (as people say it) until `expiresAt`; worded for who started the change.
   */
  emailChangeCode(
    to: string,
    code: string,
    change: { key: string; validFor: string; expiresAt: Date; startedBy: EmailChangeStarter },
  ): void;
  /** A client asked to move their account to this address, which has an account: it is told. */
  emailChangeRefused(to: string): void;
  /** The account's sign-in address changed: its previous address is told, with the new one. */
  emailChanged(previousAddress: string, newAddress: string): void;
}

interface IdentityServiceDeps {
  accounts: IdentityAccountRepository;
  mail: IdentityMail;
  /** Where "Forgot password?" looks the address up and mails the code, after the answer. */
  background: BackgroundWork;
  /** Ends every app session of the clients signed in with this account (after a reset). */
  endAppSessions: (accountId: string) => Promise<void>;
  /**
   * Whether a client account other than this built-in account's holds the address, proven
   * (one of another issuer, say): an address decides whose invoices are whose.
   */
  clientHoldsEmail?: (email: string, accountId: string) => Promise<boolean>;
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
  background,
  endAppSessions,
  clientHoldsEmail = async () => false,
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

  /**
   * The code of a reset asked for `email`, when it has an account: kept in the request's row
   * unless that row was replaced meanwhile (another address asked in the same sign-in).
   */
  async function mailResetCodeIfAccount(interactionUid: string, email: string): Promise<void> {
    const account = await accounts.findByEmail(email);
    if (!account) return;
    const code = newCode();
    const row = await accounts.addResetCode(interactionUid, {
      email,
      accountId: account.id,
      codeHash: await hashOneTimeCode(code),
    });
    if (row) mailResetCode(account.email, code, interactionUid, row.expiresAt);
  }

  /** The earlier code works no more: its copy in the outbox goes before the new one is sent. */
  async function sendNewCode(interactionUid: string, send: () => void): Promise<void> {
    await mail.forgetCode(interactionUid);
    send();
  }

  /** An address that another account (of the built-in provider or not) signs in with. */
  async function emailHeld(email: string, accountId: string): Promise<boolean> {
    const [built, other] = await Promise.all([
      accounts.emailHeldByOther(email, accountId),
      clientHoldsEmail(email, accountId),
    ]);
    return built || other;
  }

  /** One try at the sign-in's code of this purpose: the row, or why no try is allowed. */
  async function countTry(
    interactionUid: string,
    code: string,
    purpose: EmailCodePurpose,
  ): Promise<IdentityEmailCode> {
    const expired = {
      verify: SIGN_UP_EXPIRED,
      reset: RESET_EXPIRED,
      change_email: EMAIL_CHANGE_EXPIRED,
    }[purpose];
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
     * "Forgot password?": the request keeps the same row for any address (the code page
     * shows it; no account and a null hash, which no code matches) and nothing else; after
     * the answer the address is looked up, and when it has an account a code is hashed into
     * the row and mailed. So neither the page nor its timing tells which addresses have
     * accounts.
     */
    async requestPasswordReset(interactionUid: string, email: string): Promise<void> {
      await accounts.saveCode({
        interactionUid,
        email,
        accountId: null,
        pendingSignup: null,
        purpose: 'reset',
        codeHash: null,
        expiresAt: codeExpiry(),
      });
      background.run('password-reset-code', () => mailResetCodeIfAccount(interactionUid, email));
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

    /**
     * A new sign-in address for the account, proven by a 6-digit code mailed to it; nothing
     * changes until confirmEmailChange. A new start replaces the change under way. An address
     * another account holds: the agency is told (409); a client gets the same answer after
     * the same work as for a free address (a row whose null hash no code matches), and the
     * address's holder is told instead, so the portal tells nobody who has an account.
     */
    async startEmailChange(
      accountId: string,
      email: string,
      startedBy: EmailChangeStarter,
    ): Promise<PendingAddress> {
      const account = await accounts.findById(accountId);
      if (!account) throw new AppError(409, NO_BUILT_IN_ACCOUNT);
      if (account.email === email) throw new AppError(400, SAME_EMAIL);
      const held = await emailHeld(email, account.id);
      if (held && startedBy === 'agency') throw new AppError(409, EMAIL_HELD);
      const code = newCode();
      const codeHash = await hashOneTimeCode(code);
      const byAgency = startedBy === 'agency';
      const expiresAt = byAgency
        ? new Date(now().getTime() + AGENCY_EMAIL_CHANGE_VALID_HOURS * 3_600_000)
        : codeExpiry();
      const key = emailChangeKey(account.id);
      await accounts.saveCode({
        interactionUid: key,
        email,
        accountId: account.id,
        pendingSignup: null,
        purpose: 'change_email',
        codeHash: held ? null : codeHash,
        expiresAt,
      });
      // The code of a change it replaces works no more.
      await mail.forgetCode(key);
      if (held) mail.emailChangeRefused(email);
      else
        mail.emailChangeCode(email, code, {
          key,
          validFor: byAgency
            ? `${AGENCY_EMAIL_CHANGE_VALID_HOURS} hours`
            : `${CODE_VALID_MINUTES} minutes`,
          expiresAt,
          startedBy,
        });
      return { email, expiresAt };
    },

    /** The account's e-mail change waiting for its code, if any. */
    async pendingEmailChange(accountId: string): Promise<PendingAddress | null> {
      const row = await accounts.findCode(emailChangeKey(accountId));
      if (row?.purpose !== 'change_email') return null;
      return { email: row.email, expiresAt: row.expiresAt };
    },

    /**
     * The code mailed to the new address: the account signs in with that address from now
     * on (its sessions stay), and the previous address is told. The address's previous and
     * new value are returned.
     */
    async confirmEmailChange(
      accountId: string,
      code: string,
    ): Promise<{ previousEmail: string; email: string }> {
      const key = emailChangeKey(accountId);
      const counted = await countTry(key, code, 'change_email');
      if (await emailHeld(counted.email, accountId)) {
        await accounts.removeCode(key, 'change_email');
        await mail.forgetCode(key);
        throw new AppError(409, EMAIL_HELD_SINCE);
      }
      const done = await accounts.completeEmailChange(counted, now());
      await mail.forgetCode(key);
      if (done === 'taken') throw new AppError(409, EMAIL_HELD_SINCE);
      if (!done) throw new AppError(400, EMAIL_CHANGE_EXPIRED);
      mail.emailChanged(done.previousEmail, done.account.email);
      return { previousEmail: done.previousEmail, email: done.account.email };
    },

    /** A new code for the change under way, good for CODE_VALID_MINUTES, while sends are left. */
    async resendEmailChangeCode(accountId: string): Promise<PendingAddress> {
      const key = emailChangeKey(accountId);
      const row = await accounts.findCode(key);
      if (row?.purpose !== 'change_email') throw new AppError(409, NO_EMAIL_CHANGE);
      const code = newCode();
      const expiresAt = codeExpiry();
      const renewed = await accounts.renewCode(
        key,
        { codeHash: await hashOneTimeCode(code), expiresAt },
        MAX_CODE_SENDS,
      );
      if (!renewed) throw new AppError(429, TOO_MANY_CHANGE_SENDS);
      await mail.forgetCode(key);
      // An address another account holds gets nothing more: its holder was told once.
      if (renewed.codeHash) {
        mail.emailChangeCode(renewed.email, code, {
          key,
          validFor: `${CODE_VALID_MINUTES} minutes`,
          expiresAt,
          startedBy: 'client',
        });
      }
      return { email: renewed.email, expiresAt };
    },

    /** Drops the change under way (its code works no more); whether there was one. */
    async cancelEmailChange(accountId: string): Promise<boolean> {
      const key = emailChangeKey(accountId);
      const removed = await accounts.removeCode(key, 'change_email');
      if (removed) await mail.forgetCode(key);
      return removed;
    },

    /** Ends the provider's own sessions of the account: it asks for the password again. */
    async endProviderSessions(accountId: string): Promise<void> {
      await accounts.endProviderSessions(accountId);
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
      if (renewed.purpose === 'reset') {
        // After the answer, as at the first request: an address with no account gets nothing,
        // and neither the page nor its timing may tell which one this is.
        background.run('password-reset-code', () =>
          sendNewCode(interactionUid, () => {
            if (renewed.codeHash) mailResetCode(renewed.email, code, interactionUid, expiresAt);
          }),
        );
      } else {
        await sendNewCode(interactionUid, () => {
          if (renewed.codeHash) mailCode(renewed.email, code, interactionUid, expiresAt);
          else mail.accountAlreadyExists(renewed.email);
        });
      }
      return { verifyEmail: renewed.email };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;

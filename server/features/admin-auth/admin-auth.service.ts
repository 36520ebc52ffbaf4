import type {
  AdminSetup,
  CurrentAdmin,
  DisableTwoFactor,
  EnableTwoFactor,
  RecoveryCodes,
  RegenerateRecoveryCodes,
  SignedInAdmin,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@shared/schemas/auth';
import type { Admin } from '../../db/schema';
import { actorOf, type AuditTrail } from '../../lib/audit-trail';
import { createBackgroundWork, type BackgroundWork } from '../../lib/background-work';
import { AppError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AdminRepository } from './admin-auth.repository';
import { createAdminInvites } from './admin-invites';
import type { AdminLinkMail } from './admin-links';
import { createAdminPasswordReset } from './admin-password-reset';
import { createFirstAdminSetup } from './first-admin-setup';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeDataUrl,
  recoveryCodeHash,
  totpStep,
} from './totp';

export const INVALID_CODE = 'Invalid authentication code';
/**
 * A right code whose time step was used already (the one that turned two-factor on, say): it
 * works once, so the admin waits for the next one.
 */
export const CODE_ALREADY_USED =
  'This code was just used. Wait for the next code from your authenticator app, then enter it.';
/** Any refused change of the second factor, whichever of the two secrets was wrong. */
export const WRONG_PASSWORD_OR_CODE = 'The password or the code is not correct';

/** How an admin account was made. */
export type AdminCreatedVia = 'setup-token' | 'command-line' | 'environment';
/** Who the audit log says made an admin: no admin did, the holder of one of these did. */
const ADMIN_CREATORS: Record<AdminCreatedVia, string> = {
  'setup-token': 'admin setup token',
  'command-line': 'npm run admin:create',
  environment: 'ADMIN_EMAIL at start',
};

/** What a refused two-factor change tried, as the audit log records it. */
type TwoFactorChange = 'enable' | 'disable' | 'recovery_codes';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on';

export function toPublicAdmin(admin: Admin): CurrentAdmin {
  return {
    id: admin.id,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    createdAt: admin.createdAt.toISOString(),
  };
}

/**
 * The admin with the flags the SPA needs to route (two-factor on, or set-up required), and
 * whether this session is their first sign-in (welcomed, not welcomed back).
 */
export function toSignedInAdmin(
  admin: Admin,
  twoFactorSetupRequired: boolean,
  firstSignIn = false,
): SignedInAdmin {
  return {
    ...toPublicAdmin(admin),
    twoFactorEnabled: admin.totpEnabledAt !== null,
    twoFactorSetupRequired,
    firstSignIn,
  };
}

export const hasTwoFactor = (admin: Admin) => admin.totpEnabledAt !== null;

export interface AdminAuthDeps {
  audit: AuditTrail;
  /** The name authenticator apps show next to the code (the business name). */
  issuer?: () => Promise<string>;
  now?: () => Date;
  /** What sends the reset links and invitations; without it (tests that only make admins), none is sent. */
  mail?: AdminLinkMail;
  /** Where "Forgot password?" does its work after the answer; by default untracked. */
  background?: BackgroundWork;
  /** Where the links point. */
  appUrl?: string;
}

const NO_MAIL: AdminLinkMail = { adminLink: () => undefined, forgetAdminLink: async () => {} };

export function createAdminAuthService(
  repository: AdminRepository,
  {
    audit,
    issuer = async () => 'Admin',
    now = () => new Date(),
    mail = NO_MAIL,
    background = createBackgroundWork(createLogger('error')),
    appUrl = '',
  }: AdminAuthDeps,
) {
  const links = { repository, audit, mail, background, appUrl, now };
  async function secretOf(admin: Admin): Promise<string> {
    if (!admin.totpSecret) throw new AppError(409, 'Start the two-factor set-up first');
    return decryptSecret(admin.totpSecret, await repository.twoFactorKey(), admin.id);
  }

  /** A current code that was not used before (its step is claimed), or false. */
  async function useTotp(admin: Admin, code: string): Promise<boolean> {
    const step = await totpStep(await secretOf(admin), code, admin.totpLastStep, now());
    return step !== null && repository.claimTotpStep(admin.id, step);
  }

  /** Whether a refused code is right but of a step already used (a replay, or too soon). */
  async function usedAlready(admin: Admin, code: string): Promise<boolean> {
    const compact = code.replace(/\s+/g, '');
    if (admin.totpLastStep === null || !/^\d{6}$/.test(compact)) return false;
    const step = await totpStep(await secretOf(admin), compact, null, now());
    return step !== null && step <= admin.totpLastStep;
  }

  /**
   * A current TOTP code or an unused recovery code (which is used up and recorded); which of
   * the two it was, or null when it is neither.
   */
  async function checkSecondFactor(
    admin: Admin,
    code: string,
  ): Promise<'totp' | 'recovery_code' | null> {
    if (!hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_NOT_ON);
    const compact = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(compact)) return (await useTotp(admin, compact)) ? 'totp' : null;
    const hash = recoveryCodeHash(code);
    if (!hash || !(await repository.useRecoveryCode(admin.id, hash))) return null;
    await audit.record(actorOf(admin), {
      kind: 'admin.recovery_code_used',
      targetType: 'admin',
      targetId: admin.id,
      after: { recoveryCodesLeft: await repository.recoveryCodesLeft(admin.id) },
    });
    return 'recovery_code';
  }

  /** Records a completed sign-in (audited); true when it is the admin's first. */
  async function signedIn(
    admin: Admin,
    method: 'password' | 'reset_link' | 'new_account' | 'totp' | 'recovery_code',
  ): Promise<boolean> {
    const first = await repository.recordSignIn(admin.id, now());
    await audit.record(actorOf(admin), {
      kind: 'admin.signed_in',
      targetType: 'admin',
      targetId: admin.id,
      after: {
        factors: method === 'totp' || method === 'recovery_code' ? ['password', method] : [method],
      },
    });
    return first;
  }

  /**
   * A refused change of the second factor: audited, and answered with one message whichever
   * secret was wrong, so a stolen session learns nothing about either.
   */
  async function refuseChange(admin: Admin, change: TwoFactorChange): Promise<never> {
    await audit.record(actorOf(admin), {
      kind: 'admin.two_factor_change_failed',
      targetType: 'admin',
      targetId: admin.id,
      after: { change },
    });
    throw new AppError(400, WRONG_PASSWORD_OR_CODE);
  }

  /**
   * The password, then a current or recovery code of the admin's app. The code is only
   * checked (and a recovery code only used up) once the password is right.
   */
  async function requireBothFactors(
    admin: Admin,
    { password, code }: { password: string; code: string },
    change: TwoFactorChange,
  ): Promise<void> {
    if (!hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_NOT_ON);
    const passwordRight = await verifyPassword(password, admin.passwordHash);
    if (!passwordRight || !(await checkSecondFactor(admin, code))) {
      await refuseChange(admin, change);
    }
  }

  async function freshRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => recoveryCodeHash(code)!) };
  }

  return {
    ...createAdminPasswordReset(links),
    ...createAdminInvites(links),
    ...createFirstAdminSetup(links),

    /**
     * The admin whose e-mail and password match, or a 401 that does not say which was wrong.
     * A failure is audited with the e-mail tried (never the password).
     */
    async authenticate(email: string, password: string): Promise<Admin> {
      const admin = await repository.findByEmail(email.toLowerCase());
      const valid = await verifyPassword(password, admin?.passwordHash);
      if (!admin || !valid) {
        await audit.record(
          { adminId: null, email },
          { kind: 'admin.sign_in_failed', after: { step: 'password' } },
        );
        throw new AppError(401, 'Invalid credentials');
      }
      return admin;
    },

    /** The end of a sign-in: recorded with the factors used. */
    signedIn,

    /**
     * The sign-in's second step: a current code or a recovery code of the admin who gave the
     * right password. A wrong one is a 401 (and counts toward the sign-in rate limit).
     */
    async completeSignIn(
      adminId: string,
      code: string,
    ): Promise<{ admin: Admin; firstSignIn: boolean }> {
      const admin = await repository.findById(adminId);
      if (!admin || !hasTwoFactor(admin)) throw new AppError(401, 'Unauthorized');
      const method = await checkSecondFactor(admin, code);
      if (!method) {
        await audit.record(actorOf(admin), {
          kind: 'admin.sign_in_failed',
          targetType: 'admin',
          targetId: admin.id,
          after: { step: 'two_factor' },
        });
        throw new AppError(
          401,
          (await usedAlready(admin, code)) ? CODE_ALREADY_USED : INVALID_CODE,
        );
      }
      return { admin, firstSignIn: await signedIn(admin, method) };
    },

    /**
     * A new admin, recorded in the audit log with how it was made: `POST /api/admin/setup`
     * (the setup token), `npm run admin:create` or ADMIN_EMAIL at start.
     */
    async create(input: AdminSetup, via: AdminCreatedVia): Promise<Admin> {
      const admin = await repository.insert({
        email: input.email.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName || null,
        lastName: input.lastName || null,
      });
      if (!admin) throw new AppError(409, 'An admin with this email already exists');
      await audit.record(
        { adminId: null, email: ADMIN_CREATORS[via] },
        {
          kind: 'admin.created',
          targetType: 'admin',
          targetId: admin.id,
          before: null,
          after: { email: admin.email, firstName: admin.firstName, lastName: admin.lastName, via },
        },
      );
      return admin;
    },

    async findById(id: string): Promise<Admin | undefined> {
      return repository.findById(id);
    },

    count: () => repository.count(),

    /**
     * POST /api/admin/reset-password: the current password must be right; the admin's other
     * sessions end (a stolen session does not outlive the change).
     */
    async changePassword(
      admin: Admin,
      currentPassword: string,
      newPassword: string,
      sessionId: string,
    ): Promise<void> {
      if (!(await verifyPassword(currentPassword, admin.passwordHash))) {
        throw new AppError(400, 'Current password is incorrect');
      }
      await repository.changePassword(admin.id, await hashPassword(newPassword), sessionId);
      await audit.record(actorOf(admin), {
        kind: 'admin.password_changed',
        targetType: 'admin',
        targetId: admin.id,
        after: { otherSessionsEnded: true },
      });
    },

    async twoFactorStatus(admin: Admin): Promise<TwoFactorStatus> {
      return {
        enabled: hasTwoFactor(admin),
        enabledAt: admin.totpEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: hasTwoFactor(admin) ? await repository.recoveryCodesLeft(admin.id) : 0,
      };
    },

    /** A new secret for the app (replacing one of an unfinished set-up); 409 once it is on. */
    async startTwoFactorSetup(admin: Admin): Promise<TwoFactorSetup> {
      if (hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      const secret = newTotpSecret();
      const stored = encryptSecret(secret, await repository.twoFactorKey(), admin.id);
      if (!(await repository.startTotpSetup(admin.id, stored))) {
        throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      }
      const url = otpauthUrl(await issuer(), admin.email, secret);
      return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
    },

    /**
     * The password and the first code of the new app turn it on; the recovery codes are shown
     * this once, and the admin's other sessions end.
     */
    async enableTwoFactor(
      admin: Admin,
      { password, code }: EnableTwoFactor,
      sessionId: string,
    ): Promise<RecoveryCodes> {
      if (hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      const secret = await secretOf(admin);
      const step = (await verifyPassword(password, admin.passwordHash))
        ? await totpStep(secret, code, null, now())
        : null;
      if (step === null) return refuseChange(admin, 'enable');
      const { codes, hashes } = await freshRecoveryCodes();
      if (!(await repository.enableTotp(admin.id, step, hashes, sessionId))) {
        throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      }
      await audit.record(actorOf(admin), {
        kind: 'admin.two_factor_enabled',
        targetType: 'admin',
        targetId: admin.id,
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true, otherSessionsEnded: true },
      });
      return { recoveryCodes: codes };
    },

    /** Needs the password and a current code (or a recovery code); other sessions end. */
    async disableTwoFactor(
      admin: Admin,
      credentials: DisableTwoFactor,
      sessionId: string,
    ): Promise<void> {
      await requireBothFactors(admin, credentials, 'disable');
      await repository.disableTotp(admin.id, sessionId);
      await audit.record(actorOf(admin), {
        kind: 'admin.two_factor_disabled',
        targetType: 'admin',
        targetId: admin.id,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false, otherSessionsEnded: true },
      });
    },

    /**
     * Ten new recovery codes; the old ones stop working. Needs the password and a current
     * code; other sessions end.
     */
    async regenerateRecoveryCodes(
      admin: Admin,
      credentials: RegenerateRecoveryCodes,
      sessionId: string,
    ): Promise<RecoveryCodes> {
      await requireBothFactors(admin, credentials, 'recovery_codes');
      const before = await repository.recoveryCodesLeft(admin.id);
      const { codes, hashes } = await freshRecoveryCodes();
      await repository.replaceRecoveryCodes(admin.id, hashes, sessionId);
      await audit.record(actorOf(admin), {
        kind: 'admin.recovery_codes_regenerated',
        targetType: 'admin',
        targetId: admin.id,
        before: { recoveryCodesLeft: before },
        after: { recoveryCodesLeft: codes.length, otherSessionsEnded: true },
      });
      return { recoveryCodes: codes };
    },
  };
}
export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

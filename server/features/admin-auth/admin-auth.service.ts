import type {
  AdminSetup,
  CurrentAdmin,
  RecoveryCodes,
  SignedInAdmin,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@shared/schemas/auth';
import type { Admin } from '../../db/schema';
import { actorOf, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AdminRepository } from './admin-auth.repository';
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

/** The admin with the flags the SPA needs to route (two-factor on, or set-up required). */
export function toSignedInAdmin(admin: Admin, twoFactorSetupRequired: boolean): SignedInAdmin {
  return {
    ...toPublicAdmin(admin),
    twoFactorEnabled: admin.totpEnabledAt !== null,
    twoFactorSetupRequired,
  };
}

export const hasTwoFactor = (admin: Admin) => admin.totpEnabledAt !== null;

export interface AdminAuthDeps {
  audit: AuditTrail;
  /** The name authenticator apps show next to the code (the business name). */
  issuer?: () => Promise<string>;
  now?: () => Date;
}

export function createAdminAuthService(
  repository: AdminRepository,
  { audit, issuer = async () => 'Admin', now = () => new Date() }: AdminAuthDeps,
) {
  async function secretOf(admin: Admin): Promise<string> {
    if (!admin.totpSecret) throw new AppError(409, 'Start the two-factor set-up first');
    return decryptSecret(admin.totpSecret, await repository.twoFactorKey(), admin.id);
  }

  /** A current code that was not used before (its step is claimed), or false. */
  async function useTotp(admin: Admin, code: string): Promise<boolean> {
    const step = await totpStep(await secretOf(admin), code, admin.totpLastStep, now());
    return step !== null && repository.claimTotpStep(admin.id, step);
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

  async function signedIn(admin: Admin, method: 'password' | 'totp' | 'recovery_code') {
    await audit.record(actorOf(admin), {
      kind: 'admin.signed_in',
      targetType: 'admin',
      targetId: admin.id,
      after: { factors: method === 'password' ? ['password'] : ['password', method] },
    });
  }

  async function freshRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => recoveryCodeHash(code)!) };
  }

  return {
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
    async completeSignIn(adminId: string, code: string): Promise<Admin> {
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
        throw new AppError(401, INVALID_CODE);
      }
      await signedIn(admin, method);
      return admin;
    },

    async create(input: AdminSetup): Promise<Admin> {
      const admin = await repository.insert({
        email: input.email.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName || null,
        lastName: input.lastName || null,
      });
      if (!admin) throw new AppError(409, 'An admin with this email already exists');
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

    /** The first code turns it on; the recovery codes are shown this once. */
    async enableTwoFactor(admin: Admin, code: string): Promise<RecoveryCodes> {
      if (hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      const step = await totpStep(await secretOf(admin), code, null, now());
      if (step === null) throw new AppError(400, INVALID_CODE);
      const { codes, hashes } = await freshRecoveryCodes();
      if (!(await repository.enableTotp(admin.id, step, hashes))) {
        throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      }
      await audit.record(actorOf(admin), {
        kind: 'admin.two_factor_enabled',
        targetType: 'admin',
        targetId: admin.id,
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true },
      });
      return { recoveryCodes: codes };
    },

    /** Needs the password and a current code (or a recovery code). */
    async disableTwoFactor(admin: Admin, password: string, code: string): Promise<void> {
      if (!hasTwoFactor(admin)) throw new AppError(409, TWO_FACTOR_NOT_ON);
      if (!(await verifyPassword(password, admin.passwordHash))) {
        throw new AppError(400, 'Password is incorrect');
      }
      if (!(await checkSecondFactor(admin, code))) throw new AppError(400, INVALID_CODE);
      await repository.disableTotp(admin.id);
      await audit.record(actorOf(admin), {
        kind: 'admin.two_factor_disabled',
        targetType: 'admin',
        targetId: admin.id,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      });
    },

    /** Ten new recovery codes; the old ones stop working. Needs a current code. */
    async regenerateRecoveryCodes(admin: Admin, code: string): Promise<RecoveryCodes> {
      if (!(await checkSecondFactor(admin, code))) throw new AppError(400, INVALID_CODE);
      const before = await repository.recoveryCodesLeft(admin.id);
      const { codes, hashes } = await freshRecoveryCodes();
      await repository.replaceRecoveryCodes(admin.id, hashes);
      await audit.record(actorOf(admin), {
        kind: 'admin.recovery_codes_regenerated',
        targetType: 'admin',
        targetId: admin.id,
        before: { recoveryCodesLeft: before },
        after: { recoveryCodesLeft: codes.length },
      });
      return { recoveryCodes: codes };
    },
  };
}
export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

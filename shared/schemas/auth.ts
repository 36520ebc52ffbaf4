import { z } from '../zod';
import { EmailSchema, MAX_SHORT_TEXT, optionalText } from './common';

/** bcrypt reads at most 72 bytes of a password; longer ones would be silently truncated. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
  .refine(
    (password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES,
    'Password must be at most 72 bytes long (the limit of the bcrypt hashing we use)',
  );

/** A password typed to sign in: no strength rules, only a bound on its size. */
const SubmittedPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024, 'Password is too long');

export const AdminLoginSchema = z.object({
  email: EmailSchema,
  password: SubmittedPasswordSchema,
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

const NameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_SHORT_TEXT, `${label} must be at most ${MAX_SHORT_TEXT} characters`);

export const AdminSetupSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: optionalText(MAX_SHORT_TEXT, 'First name').optional(),
  lastName: optionalText(MAX_SHORT_TEXT, 'Last name').optional(),
});
export type AdminSetup = z.infer<typeof AdminSetupSchema>;

/** The admin's change-password form (spec section 5). */
export const PasswordChangeFormSchema = z
  .object({
    currentPassword: SubmittedPasswordSchema,
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;

/** POST /api/admin/reset-password. */
export const ResetPasswordSchema = z.object({
  currentPassword: SubmittedPasswordSchema,
  newPassword: PasswordSchema,
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The built-in sign-in provider's 'Create account' page. */
export const ProviderSignupSchema = z.object({
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
  email: EmailSchema,
  password: PasswordSchema,
});
export type ProviderSignup = z.infer<typeof ProviderSignupSchema>;

/** The built-in sign-in provider's 'Sign in' page. */
export const ProviderLoginSchema = z.object({
  email: EmailSchema,
  password: SubmittedPasswordSchema,
});
export type ProviderLogin = z.infer<typeof ProviderLoginSchema>;

/** GET /api/admin/me and POST /api/admin/login: the admin as the API returns it. */
export const CurrentAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentAdmin = z.infer<typeof CurrentAdminSchema>;

/** The built-in sign-in provider's code page: the 6 digits mailed to the address. */
export const ProviderEmailCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from the e-mail' })
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')),
});
export type ProviderEmailCode = z.infer<typeof ProviderEmailCodeSchema>;

/** The built-in provider's 'Forgot password?' page: the address to send a code to. */
export const ProviderForgotPasswordSchema = z.object({ email: EmailSchema });
export type ProviderForgotPassword = z.infer<typeof ProviderForgotPasswordSchema>;

/**
 * The built-in provider's 'Choose a new password' page: the mailed code and the new password
 * twice (the rules of sign-up).
 */
export const ProviderResetPasswordSchema = z
  .object({
    code: ProviderEmailCodeSchema.shape.code,
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your new password' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ProviderResetPassword = z.infer<typeof ProviderResetPasswordSchema>;

/**
 * POST /api/logout answered to a fetch: where the browser goes next, the sign-in provider's
 * end-session address (so its session ends too) or the home page.
 */
export const LogoutResultSchema = z.object({ redirectTo: z.string() });
export type LogoutResult = z.infer<typeof LogoutResultSchema>;

/** What two-factor fields the admin API adds to CurrentAdmin. */
export const AdminTwoFactorFlagsSchema = z.object({
  /** The admin signs in with a TOTP code after the password. */
  twoFactorEnabled: z.boolean(),
  /** Every admin must use two-factor authentication and this one has not set it up yet. */
  twoFactorSetupRequired: z.boolean(),
});

/** GET /api/admin/me, and POST /api/admin/login when no second step is needed. */
export const SignedInAdminSchema = CurrentAdminSchema.extend({
  ...AdminTwoFactorFlagsSchema.shape,
  /** This session is the admin's first sign-in: "Welcome!", not "Welcome back!". */
  firstSignIn: z.boolean(),
});
export type SignedInAdmin = z.infer<typeof SignedInAdminSchema>;

/** POST /api/admin/login: the admin, or the request for the second step. */
export const AdminLoginResultSchema = z.union([
  SignedInAdminSchema,
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type AdminLoginResult = z.infer<typeof AdminLoginResultSchema>;

/** A 6-digit code of an authenticator app (RFC 6238), spaces allowed as typed. */
export const TotpCodeSchema = z
  .string({ error: 'Code is required' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A code from the authenticator app, or one of the recovery codes. */
export const SecondFactorCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(64, 'Code is too long');

/** POST /api/admin/login/two-factor: the sign-in's second step. */
export const TwoFactorLoginSchema = z.object({ code: SecondFactorCodeSchema });
export type TwoFactorLogin = z.infer<typeof TwoFactorLoginSchema>;

/**
 * POST /api/admin/two-factor/enable: the password (a stolen session alone cannot put its own
 * app on the account) and the first code, proving the app holds the secret.
 */
export const EnableTwoFactorSchema = z.object({
  password: SubmittedPasswordSchema,
  code: TotpCodeSchema,
});
export type EnableTwoFactor = z.infer<typeof EnableTwoFactorSchema>;

/** POST /api/admin/two-factor/disable: the password and a current (or recovery) code. */
export const DisableTwoFactorSchema = z.object({
  password: SubmittedPasswordSchema,
  code: SecondFactorCodeSchema,
});
export type DisableTwoFactor = z.infer<typeof DisableTwoFactorSchema>;

/** POST /api/admin/two-factor/recovery-codes: new codes replace the old ones; both secrets. */
export const RegenerateRecoveryCodesSchema = DisableTwoFactorSchema;
export type RegenerateRecoveryCodes = z.infer<typeof RegenerateRecoveryCodesSchema>;

/** GET /api/admin/two-factor. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/admin/two-factor/setup: what the authenticator app needs. */
export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/**
 * The `{ message }` answers of the admin's account calls that return nothing else: sign-out,
 * password change, two-factor off.
 */
export const AdminAccountMessageSchema = z.object({ message: z.string() });
export type AdminAccountMessage = z.infer<typeof AdminAccountMessageSchema>;

/** Shown once, after enabling or regenerating. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

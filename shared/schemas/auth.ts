import { z } from 'zod';
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

/**
 * POST /api/logout answered to a fetch: where the browser goes next, the sign-in provider's
 * end-session address (so its session ends too) or the home page.
 */
export const LogoutResultSchema = z.object({ redirectTo: z.string() });
export type LogoutResult = z.infer<typeof LogoutResultSchema>;

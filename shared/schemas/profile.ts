import { z } from '../zod';
import { MAX_SHORT_TEXT, optionalPhone, optionalText } from './common';

/**
 * PATCH /api/auth/user and the portal's Account Information form. The spec asks for no
 * validation beyond this: every field optional, trimmed and bounded. Email is not part of
 * it and cannot be changed.
 */
export const UpdateProfileSchema = z.object({
  firstName: optionalText(MAX_SHORT_TEXT, 'First name').optional(),
  lastName: optionalText(MAX_SHORT_TEXT, 'Last name').optional(),
  businessName: optionalText(MAX_SHORT_TEXT, 'Business name').optional(),
  phoneNumber: optionalPhone('Phone number').optional(),
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** GET /api/auth/user: the signed-in client as the API returns it. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * GET /api/auth/user/password: whether the client's password is the product's to change
 * (an account of the built-in sign-in provider), not an external issuer's.
 */
export const PasswordStatusSchema = z.object({ canChange: z.boolean() });
export type PasswordStatus = z.infer<typeof PasswordStatusSchema>;

/** POST /api/auth/user/password: answered with what happened. */
export const PasswordChangedSchema = z.object({ message: z.string() });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

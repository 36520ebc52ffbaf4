import { z } from '../zod';
import { ProviderEmailCodeSchema } from './auth';
import { EmailSchema, MAX_SHORT_TEXT, optionalPhone, optionalText } from './common';

/**
 * PATCH /api/auth/user and the portal's Account Information form. The spec asks for no
 * validation beyond this: every field optional, trimmed and bounded. Email is not part of
 * it: a new address proves itself with a code first (EmailChangeRequestSchema).
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

/**
 * POST /api/auth/user/email (the client) and POST /api/admin/clients/{id}/email-change (the
 * agency): the new sign-in address, to which a 6-digit code is mailed.
 */
export const EmailChangeRequestSchema = z.object({ email: EmailSchema }).strict();
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

/** POST /api/auth/user/email/confirm: the code mailed to the new address. */
export const EmailChangeCodeSchema = z.object({ code: ProviderEmailCodeSchema.shape.code });
export type EmailChangeCode = z.infer<typeof EmailChangeCodeSchema>;

/**
 * A change of sign-in address waiting for its code: the new address, and when the code mailed
 * last stops working (a new one can be sent for a while after).
 */
export const PendingEmailChangeSchema = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;

/**
 * GET /api/auth/user/email and GET /api/admin/clients/{id}/email-change: whether the address
 * can be changed here (a client of the built-in sign-in provider), and the change under way.
 */
export const EmailChangeStatusSchema = z.object({
  canChange: z.boolean(),
  pending: PendingEmailChangeSchema.nullable(),
});
export type EmailChangeStatus = z.infer<typeof EmailChangeStatusSchema>;

/** What an e-mail change step answers: what happened, and the change still under way. */
export const EmailChangeAnswerSchema = z.object({
  message: z.string(),
  pending: PendingEmailChangeSchema.nullable(),
});
export type EmailChangeAnswer = z.infer<typeof EmailChangeAnswerSchema>;

import { z } from '../zod';
import { PasswordSchema } from './auth';
import { EmailSchema, MAX_SHORT_TEXT, pageSchema } from './common';

/** How long each one-time link of an admin account works. */
export const ADMIN_RESET_LINK_VALIDITY_MINUTES = 60;
export const ADMIN_INVITE_VALIDITY_DAYS = 7;
export const ADMIN_SETUP_LINK_VALIDITY_HOURS = 24;

/** What "Forgot password?" answers, whether or not the address is an admin's. */
export const ADMIN_RESET_REQUESTED =
  'If this address belongs to an admin, we have sent it a link to set a new password. The link works for 60 minutes.';
/**
 * What "Forgot password?" answers without a mail server (no SMTP_URL): the link is kept in the
 * outbox, not e-mailed, so the answer says where it is and the other way to a new password.
 */
export const ADMIN_RESET_KEPT_IN_OUTBOX =
  'No mail server is set up, so nothing was e-mailed: if this address belongs to an admin, the link to set a new password waits in the outbox (Mail outbox in the admin panel; it works for 60 minutes). On the server you can also run npm run admin:reset-password -- --email followed by your address, which prints a link.';
export const ADMIN_LINK_INVALID =
  'This link is not valid or has expired. Ask for a new one from the sign-in page.';
export const ADMIN_INVITE_INVALID =
  'This invitation is not valid, was revoked or has expired. Ask an admin for a new one.';
export const ADMIN_SETUP_FINISHED =
  'Admin setup is finished: an admin account already exists. Sign in instead.';
export const ADMIN_SETUP_LINK_INVALID =
  'This setup link is not valid or has expired. Restart the server to print a new one.';

const NameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_SHORT_TEXT, `${label} must be at most ${MAX_SHORT_TEXT} characters`);

/** A one-time link's token, as the link carries it. */
export const AdminLinkTokenSchema = z
  .string({ error: 'The link is incomplete' })
  .trim()
  .min(1, 'The link is incomplete')
  .max(200, 'The link is not valid');

export const AdminTokenQuerySchema = z.object({ token: AdminLinkTokenSchema });
export type AdminTokenQuery = z.infer<typeof AdminTokenQuerySchema>;

/** POST /api/admin/forgot-password */
export const AdminForgotPasswordSchema = z.object({ email: EmailSchema });
export type AdminForgotPassword = z.infer<typeof AdminForgotPasswordSchema>;

const confirmed = <T extends { password: string; confirmPassword: string }>(form: T) =>
  form.password === form.confirmPassword;
const CONFIRM_MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** The new password, twice: the form of every page that sets one from a link. */
export const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

/** POST /api/admin/password-reset */
export const AdminPasswordResetSchema = z.object({
  token: AdminLinkTokenSchema,
  password: PasswordSchema,
});
export type AdminPasswordReset = z.infer<typeof AdminPasswordResetSchema>;

const AdminAccountFields = {
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
  password: PasswordSchema,
};

/** The first admin's setup page. */
export const FirstAdminFormSchema = z
  .object({ ...AdminAccountFields, email: EmailSchema, confirmPassword: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);
export type FirstAdminForm = z.infer<typeof FirstAdminFormSchema>;

/** POST /api/admin/first-admin */
export const FirstAdminSchema = z.object({
  ...AdminAccountFields,
  email: EmailSchema,
  token: AdminLinkTokenSchema,
});
export type FirstAdmin = z.infer<typeof FirstAdminSchema>;

/** The invitation's accept page. */
export const AcceptAdminInviteFormSchema = z
  .object({ ...AdminAccountFields, confirmPassword: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);
export type AcceptAdminInviteForm = z.infer<typeof AcceptAdminInviteFormSchema>;

/** POST /api/admin/admin-invites/accept */
export const AcceptAdminInviteSchema = z.object({
  ...AdminAccountFields,
  token: AdminLinkTokenSchema,
});
export type AcceptAdminInvite = z.infer<typeof AcceptAdminInviteSchema>;

/** GET /api/admin/admin-invites/accept?token=: who the invitation is for. */
export const AdminInviteDetailsSchema = z.object({ email: z.string() });
export type AdminInviteDetails = z.infer<typeof AdminInviteDetailsSchema>;

/** POST /api/admin/admin-invites */
export const AdminInviteSchema = z.object({ email: EmailSchema });
export type AdminInvite = z.infer<typeof AdminInviteSchema>;

/** An admin in Settings' list. */
export const AdminListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminListItem = z.infer<typeof AdminListItemSchema>;
export const AdminListPageSchema = pageSchema(AdminListItemSchema);
export type AdminListPage = z.infer<typeof AdminListPageSchema>;

/** A pending invitation: not used, revoked nor expired. */
export const PendingAdminInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingAdminInvite = z.infer<typeof PendingAdminInviteSchema>;
export const PendingAdminInvitePageSchema = pageSchema(PendingAdminInviteSchema);
export type PendingAdminInvitePage = z.infer<typeof PendingAdminInvitePageSchema>;

/** A link's page learns that its link works before it shows its form. */
export const AdminLinkReadySchema = z.object({ ready: z.literal(true) });

export const AdminMessageSchema = z.object({ message: z.string() });

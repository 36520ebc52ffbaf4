import { z } from '../zod';
import { PlanIdSchema } from './plans';
import { blankAsUndefined, EmailSchema, ListQuerySchema, pageSchema, statusFilter } from './common';
import { MailDeliverySchema } from './mail';

/** POST /api/admin/generate-signup-link: both required (spec section 5). */
export const GenerateSignupLinkSchema = z.object({
  email: EmailSchema,
  planType: PlanIdSchema,
});
export type GenerateSignupLink = z.infer<typeof GenerateSignupLinkSchema>;

/**
 * waiting: can still be redeemed; used: redeemed once; expired: 24 hours passed unused;
 * revoked: the admin took it back.
 */
export const SIGNUP_LINK_STATES = ['waiting', 'used', 'expired', 'revoked'] as const;
export type SignupLinkState = (typeof SIGNUP_LINK_STATES)[number];

/** A link as the admin's list shows it (the link itself is never stored, only its hash). */
export const SignupLinkSchema = z.object({
  id: z.string(),
  email: z.string(),
  planType: z.string(),
  state: z.enum(SIGNUP_LINK_STATES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
  // Absent in answers from before revoking existed (a cached page): not revoked.
  revokedAt: z.iso.datetime().nullable().default(null),
});
export type SignupLink = z.infer<typeof SignupLinkSchema>;

/** The ready e-mail for the invited client: the admin copies it or has it sent. */
export const SignupInvitationSchema = z.object({
  subject: z.string(),
  body: z.string(),
});
export type SignupInvitation = z.infer<typeof SignupInvitationSchema>;

/**
 * The answer of POST /api/admin/generate-signup-link, and of
 * POST /api/admin/signup-links/{id}/renew (a fresh link for an invitation, the old one dead).
 */
export const GeneratedSignupLinkSchema = z.object({
  signupUrl: z.string(),
  link: SignupLinkSchema,
  invitation: SignupInvitationSchema,
});
export type GeneratedSignupLink = z.infer<typeof GeneratedSignupLinkSchema>;

/** POST /api/admin/signup-links/{id}/send: the link just generated, proven by its token. */
export const SendSignupLinkSchema = z.object({
  signupUrl: z.string({ error: 'The signup link is required' }).max(2000, 'The link is too long'),
});
export type SendSignupLink = z.infer<typeof SendSignupLinkSchema>;

/** The answer of POST /api/admin/signup-links/{id}/send: how the invitation went out. */
export const SignupLinkSentSchema = z.object({
  message: z.string(),
  delivery: MailDeliverySchema,
});
export type SignupLinkSent = z.infer<typeof SignupLinkSentSchema>;

/** GET /api/signup/{token}: what the invited visitor sees before signing in. */
export const SignupInviteSchema = z.object({
  email: z.string(),
  planType: z.string(),
  expiresAt: z.iso.datetime(),
});
export type SignupInvite = z.infer<typeof SignupInviteSchema>;

/**
 * GET /api/admin/signup-links?q=&status=&email=&page=&pageSize=: q looks in the e-mail; email
 * is one invitee's exact address (the client page's links).
 */
export const SignupLinkListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(SIGNUP_LINK_STATES, 'Status must be waiting, used, expired or revoked'),
  email: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: 'Email must be text' })
      .trim()
      .max(254, 'Email is too long')
      .transform((email) => email.toLowerCase())
      .optional(),
  ),
});
export type SignupLinkListQuery = z.infer<typeof SignupLinkListQuerySchema>;
export const SIGNUP_LINK_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;
export const SignupLinkPageSchema = pageSchema(SignupLinkSchema);
export type SignupLinkPage = z.infer<typeof SignupLinkPageSchema>;

import crypto from 'node:crypto';
import { DEFAULT_SIGNUP_LINK_DAYS } from '@shared/constants';
import type { PlanId } from '@shared/plans';
import type {
  GeneratedSignupLink,
  GenerateSignupLink,
  SignupInvitation,
  SignupInvite,
  SignupLink,
  SignupLinkListQuery,
  SignupLinkPage,
  SignupLinkSent,
} from '@shared/schemas/signup-links';
import { pageOffset } from '@shared/schemas/common';
import { KEPT_IN_OUTBOX } from '@shared/schemas/mail';
import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import type { SignupLinkRow } from '../../db/schema';
import type { PlanReader } from '../plans/plans.service';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { SignupLinkRepository } from './signup-links.repository';

export const LINK_NOT_FOUND = 'Signup link not found';
export const LINK_UNKNOWN =
  'This signup link is not valid. Check that you copied the whole link, or ask us for a new one.';
export const LINK_EXPIRED = 'This signup link has expired. Please ask us for a new one.';
export const LINK_USED =
  'This signup link has already been used. Sign in to your client portal, or ask us for a new link.';
export const LINK_REVOKED =
  'This signup link was withdrawn. Please ask us for a new one if you still want to sign up.';

/** The invitation as the mail feature writes and sends it. */
export interface InvitationDetails {
  linkId: string;
  email: string;
  planName: string;
  priceCents: number;
  signupUrl: string;
  expiresAt: Date;
}

export interface SignupLinkDeps {
  repository: SignupLinkRepository;
  appUrl: string;
  mail: {
    signupInvitationText(invitation: InvitationDetails): Promise<SignupInvitation>;
    signupInvitation(
      invitation: InvitationDetails,
    ): Promise<{ delivered: boolean; kept: boolean; transport: string; error?: string }>;
    /** The link was used: the copies the outbox keeps of it are blanked. */
    forgetSignupLink(linkId: string): Promise<void>;
  };
  findUser(
    userId: string,
  ): Promise<{ email: string | null; emailVerified: boolean } | null | undefined>;
  /** The portal's subscribe: a redeemed link asks for its plan the same way. */
  subscribe(userId: string, planId: PlanId): Promise<SubscriptionChange>;
  /** Where the admin's generate and send are recorded. */
  audit: AuditTrail;
  /** The setting "Signup links work for (days)", read as each link is made or renewed. */
  linkDays?: () => Promise<number>;
  /** The plan catalogue: the invited plan's name and price, and whether it is offered. */
  plans: PlanReader;
  now?: () => Date;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function stateOf(row: SignupLinkRow, at: Date): SignupLink['state'] {
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'waiting';
}

function toLink(row: SignupLinkRow, at: Date): SignupLink {
  return {
    id: row.id,
    email: row.email,
    planType: row.planType,
    state: stateOf(row, at),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Invitations for new clients: a 32-byte random token in the link, only its SHA-256 stored,
 * valid for the days of the setting (7 by default), usable once, and only by an account with
 * the invited e-mail.
 */
export function createSignupLinkService({
  repository,
  appUrl,
  mail,
  subscribe,
  findUser,
  audit,
  linkDays = async () => DEFAULT_SIGNUP_LINK_DAYS,
  plans,
  now = () => new Date(),
}: SignupLinkDeps) {
  async function details(row: SignupLinkRow, signupUrl: string): Promise<InvitationDetails> {
    const plan = (await plans.catalogue()).find(row.planType);
    return {
      linkId: row.id,
      email: row.email,
      planName: plan?.name ?? row.planType,
      priceCents: plan?.monthlyPriceCents ?? 0,
      signupUrl,
      expiresAt: row.expiresAt,
    };
  }

  /** The link of a token, or the reason it cannot be used (404 unknown, 410 expired or used). */
  async function usable(token: string): Promise<SignupLinkRow> {
    const row = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await repository.findByHash(hashToken(token))
      : null;
    if (!row) throw new AppError(404, LINK_UNKNOWN);
    const state = stateOf(row, now());
    if (state === 'used') throw new AppError(410, LINK_USED);
    if (state === 'revoked') throw new AppError(410, LINK_REVOKED);
    if (state === 'expired') throw new AppError(410, LINK_EXPIRED);
    return row;
  }

  /** A fresh token for an invitation, valid from now: returns the new link. */
  async function newToken(created: Date) {
    const token = crypto.randomBytes(32).toString('base64url');
    const days = await linkDays();
    return {
      tokenHash: hashToken(token),
      signupUrl: `${appUrl}/signup/${token}`,
      expiresAt: new Date(created.getTime() + days * 24 * 60 * 60 * 1000),
    };
  }

  /** The link of an id that can still be renewed or revoked: not used, not revoked. */
  async function open(id: string, action: string): Promise<SignupLinkRow> {
    const row = await repository.findById(existingId(id, LINK_NOT_FOUND));
    if (!row) throw new AppError(404, LINK_NOT_FOUND);
    const state = stateOf(row, now());
    if (state === 'used' || state === 'revoked') {
      throw new AppError(409, `This link was ${state}: it cannot be ${action}`);
    }
    return row;
  }

  /**
   * Gives an invitation a new link valid for the setting's days again; the previous link stops working
   * (only hashes are stored, so an old link cannot be shown again).
   */
  async function renew(id: string, actor: AuditActor) {
    const before = await open(id, 'renewed');
    const created = now();
    const fresh = await newToken(created);
    const row = await repository.renew(before.id, fresh.tokenHash, fresh.expiresAt);
    if (!row) throw new AppError(409, 'This link was used or revoked meanwhile');
    await audit.record(actor, {
      kind: 'signup_link.renewed',
      targetType: 'signup_link',
      targetId: row.id,
      before: { expiresAt: before.expiresAt.toISOString() },
      after: { email: row.email, expiresAt: row.expiresAt.toISOString() },
    });
    return { row, signupUrl: fresh.signupUrl, created };
  }

  /** E-mails the invitation with its link, and says how it went out. */
  async function mailInvitation(
    row: SignupLinkRow,
    signupUrl: string,
    actor: AuditActor,
  ): Promise<SignupLinkSent> {
    const result = await mail.signupInvitation(await details(row, signupUrl));
    if (!result.delivered) {
      throw new AppError(
        502,
        `The invitation could not be e-mailed: ${result.error ?? 'unknown error'}`,
      );
    }
    await audit.record(actor, {
      kind: 'signup_link.sent',
      targetType: 'signup_link',
      targetId: row.id,
      after: { emailedTo: row.email },
    });
    return result.kept
      ? {
          message: `${KEPT_IN_OUTBOX}. The invitation did not reach ${row.email}: copy the link to send it yourself.`,
          delivery: 'kept',
        }
      : {
          message: `The invitation was sent to ${row.email} through ${result.transport}.`,
          delivery: 'sent',
        };
  }

  return {
    async generate(input: GenerateSignupLink, actor: AuditActor): Promise<GeneratedSignupLink> {
      // A link invites to a plan the agency still offers.
      await plans.activePlan(input.planType);
      const created = now();
      const { tokenHash, signupUrl, expiresAt } = await newToken(created);
      const row = await repository.insert({
        tokenHash,
        email: input.email,
        planType: input.planType,
        expiresAt,
      });
      // The link is a credential: the audit row names the invitation, never the token.
      await audit.record(actor, {
        kind: 'signup_link.created',
        targetType: 'signup_link',
        targetId: row.id,
        before: null,
        after: {
          email: row.email,
          planType: row.planType,
          expiresAt: row.expiresAt.toISOString(),
        },
      });
      return {
        signupUrl,
        link: toLink(row, created),
        invitation: await mail.signupInvitationText(await details(row, signupUrl)),
      };
    },

    /** One page of the links, newest first. */
    async list({ q, status, email, page, pageSize }: SignupLinkListQuery): Promise<SignupLinkPage> {
      const at = now();
      const { rows, total } = await repository.list({
        q,
        state: status,
        email,
        at,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map((row) => toLink(row, at)), total, page, pageSize };
    },

    /**
     * Mails the invitation for a link generated moments ago. The server never kept the link,
     * so the admin's copy comes back and must match the stored hash.
     */
    async send(id: string, signupUrl: string, actor: AuditActor): Promise<SignupLinkSent> {
      const row = await repository.findById(existingId(id, LINK_NOT_FOUND));
      if (!row) throw new AppError(404, LINK_NOT_FOUND);
      const token = signupUrl.split('/').at(-1) ?? '';
      if (!signupUrl.startsWith(`${appUrl}/signup/`) || hashToken(token) !== row.tokenHash) {
        throw new AppError(400, 'This is not the link generated for this invitation');
      }
      const state = stateOf(row, now());
      if (state !== 'waiting') {
        throw new AppError(409, `This link is ${state}: generate a new one`);
      }
      return mailInvitation(row, signupUrl, actor);
    },

    /** A new link for an invitation in the list (to copy): the previous one stops working. */
    async renew(id: string, actor: AuditActor): Promise<GeneratedSignupLink> {
      const { row, signupUrl, created } = await renew(id, actor);
      return {
        signupUrl,
        link: toLink(row, created),
        invitation: await mail.signupInvitationText(await details(row, signupUrl)),
      };
    },

    /** Mails the invitation again, with a new link valid another 24 hours. */
    async resend(id: string, actor: AuditActor): Promise<SignupLinkSent> {
      const { row, signupUrl } = await renew(id, actor);
      return mailInvitation(row, signupUrl, actor);
    },

    /** Takes an invitation back: its link no longer opens. */
    async revoke(id: string, actor: AuditActor): Promise<SignupLink> {
      const before = await open(id, 'revoked');
      const at = now();
      const row = await repository.revoke(before.id, at);
      if (!row) throw new AppError(409, 'This link was used or revoked meanwhile');
      await audit.record(actor, {
        kind: 'signup_link.revoked',
        targetType: 'signup_link',
        targetId: row.id,
        before: { state: stateOf(before, at) },
        after: { email: row.email, state: 'revoked' },
      });
      return toLink(row, at);
    },

    /** What the invited visitor sees before signing in. */
    async invite(token: string): Promise<SignupInvite> {
      const row = await usable(token);
      return { email: row.email, planType: row.planType, expiresAt: row.expiresAt.toISOString() };
    },

    /** The signed-in invitee uses the link: it is consumed and their plan request recorded. */
    async redeem(token: string, userId: string): Promise<SubscriptionChange> {
      const row = await usable(token);
      const user = await findUser(userId);
      if (user?.email?.toLowerCase() === row.email && !user.emailVerified) {
        throw new AppError(
          403,
          `Your sign-in has not confirmed that ${row.email} is yours. Log out, then sign in with an account that has confirmed this e-mail, or ask us for a new link.`,
        );
      }
      if (user?.email?.toLowerCase() !== row.email) {
        throw new AppError(
          403,
          `This link was made for ${row.email}. Log out, then sign in or create your account with that e-mail, or ask us for a new link.`,
        );
      }
      const consumed = await repository.consume(row.tokenHash, userId, now());
      if (!consumed) throw new AppError(410, LINK_USED);
      await mail.forgetSignupLink(row.id);
      return subscribe(userId, row.planType);
    },
  };
}
export type SignupLinkService = ReturnType<typeof createSignupLinkService>;

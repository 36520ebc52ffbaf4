import type { EmailChangeAnswer, EmailChangeStatus } from '@shared/schemas/profile';
import type { User } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import {
  AGENCY_EMAIL_CHANGE_VALID_HOURS,
  NO_BUILT_IN_ACCOUNT,
  type IdentityService,
  type PendingAddress,
} from '../identity/identity.service';
import type { SubscriptionService } from '../subscriptions/subscriptions.service';
import type { ClientRepository } from './clients.repository';

export const PLAN_STILL_RENEWS =
  "This client's plan still renews: cancel it first (at the period end or at once), then deactivate the account.";
export const ALREADY_DEACTIVATED = 'This account is already deactivated.';
export const NOT_DEACTIVATED = 'This account is active: there is nothing to reactivate.';
export const DEACTIVATED_NO_CHANGE =
  'This account is deactivated: reactivate it before changing its plan or e-mail (a cancellation is still possible).';
export const NO_EMAIL_CHANGE_UNDER_WAY = 'No e-mail change is under way for this client.';

const toPending = (pending: PendingAddress | null) =>
  pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null;

const displayName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  fullName(user) || user.email || 'Client';

export interface ClientAccountDeps {
  /** The client, or 404. */
  existing: (id: string) => Promise<User>;
  repository: Pick<ClientRepository, 'setDeactivated'>;
  subscriptions: Pick<SubscriptionService, 'getForAgency' | 'withdrawRequestForClient'>;
  audit: AuditTrail;
  /** The client's account at the built-in provider, when it signs them in. */
  builtInAccountId: (who: Pick<User, 'oidcIssuer' | 'oidcSubject'>) => string | undefined;
  accountEmail: (accountId: string) => Promise<string | undefined>;
  identity: Pick<
    IdentityService,
    'startEmailChange' | 'pendingEmailChange' | 'cancelEmailChange' | 'endProviderSessions'
  >;
  /** Ends every session of the client in the app. */
  endSessions: (userId: string) => Promise<void>;
  now: () => Date;
}

/**
 * The client page's account actions: deactivate and reactivate the account (ADR 028),
 * and change its sign-in address, which the new address proves with a code the client enters
 * in their portal. Each is in the audit log.
 */
export function createClientAccountActions({
  existing,
  repository,
  subscriptions,
  audit,
  builtInAccountId,
  accountEmail,
  identity,
  endSessions,
  now,
}: ClientAccountDeps) {
  /** The client's account at the built-in provider, when one signs them in. */
  async function builtInAccount(user: User): Promise<string | undefined> {
    const accountId = builtInAccountId(user);
    if (!accountId) return undefined;
    return (await accountEmail(accountId)) === undefined ? undefined : accountId;
  }

  /** Deactivation: refused while the plan renews; a plan request not yet paid is withdrawn. */
  async function deactivate(user: User, actor: AuditActor): Promise<{ message: string }> {
    if (user.deactivatedAt) throw new AppError(409, ALREADY_DEACTIVATED);
    const plan = await subscriptions.getForAgency(user.id);
    const renews =
      (plan?.status === 'active' || plan?.status === 'past_due') && !plan.cancelAtPeriodEnd;
    if (renews) throw new AppError(409, PLAN_STILL_RENEWS);
    const withdrawn = await subscriptions.withdrawRequestForClient(user.id);
    const updated = await repository.setDeactivated(user.id, now());
    if (!updated?.deactivatedAt) throw new AppError(409, ALREADY_DEACTIVATED);
    // Signed out everywhere: the app's sessions and the built-in provider's.
    await endSessions(user.id);
    const accountId = builtInAccountId(user);
    if (accountId) await identity.endProviderSessions(accountId);
    await audit.record(actor, {
      kind: 'client.deactivated',
      targetType: 'client',
      targetId: user.id,
      before: { deactivatedAt: null },
      after: {
        deactivatedAt: updated.deactivatedAt.toISOString(),
        ...(withdrawn && { planRequestWithdrawn: withdrawn.before.tier }),
      },
    });
    return {
      message:
        `${displayName(user)}'s account is deactivated: they cannot sign in and were signed out everywhere.` +
        (withdrawn ? ` ${withdrawn.message}` : ''),
    };
  }

  async function reactivate(user: User, actor: AuditActor): Promise<{ message: string }> {
    if (!user.deactivatedAt) throw new AppError(409, NOT_DEACTIVATED);
    const updated = await repository.setDeactivated(user.id, null);
    if (!updated) throw new AppError(409, NOT_DEACTIVATED);
    await audit.record(actor, {
      kind: 'client.reactivated',
      targetType: 'client',
      targetId: user.id,
      before: { deactivatedAt: user.deactivatedAt.toISOString() },
      after: { deactivatedAt: null },
    });
    return { message: `${displayName(user)}'s account is active again: they can sign in.` };
  }

  return {
    /** Deactivates (false) or reactivates (true) the client's account, in the audit log. */
    async setActive(id: string, actor: AuditActor, active: boolean): Promise<{ message: string }> {
      const user = await existing(id);
      return active ? reactivate(user, actor) : deactivate(user, actor);
    },

    /** Whether the client's sign-in address can be changed here, and the change under way. */
    async emailChangeStatus(id: string): Promise<EmailChangeStatus> {
      const accountId = await builtInAccount(await existing(id));
      if (!accountId) return { canChange: false, pending: null };
      return { canChange: true, pending: toPending(await identity.pendingEmailChange(accountId)) };
    },

    /**
     * The agency starts changing the client's sign-in address: a code goes to the new address,
     * which the client enters on their portal's account page (signed in as usual); the address
     * changes only then. An address another account holds is refused (409).
     */
    async startEmailChange(
      id: string,
      actor: AuditActor,
      email: string,
    ): Promise<EmailChangeAnswer> {
      const user = await existing(id);
      const accountId = await builtInAccount(user);
      if (!accountId) throw new AppError(409, NO_BUILT_IN_ACCOUNT);
      if (user.deactivatedAt) throw new AppError(409, DEACTIVATED_NO_CHANGE);
      const pending = await identity.startEmailChange(accountId, email, 'agency');
      await audit.record(actor, {
        kind: 'client.email_change_started',
        targetType: 'client',
        targetId: user.id,
        before: { email: user.email },
        after: { email },
      });
      return {
        message: `A code was e-mailed to ${email}. The client's address changes once they enter it on their portal's account page, within ${AGENCY_EMAIL_CHANGE_VALID_HOURS} hours.`,
        pending: toPending(pending),
      };
    },

    /** The e-mail change under way is dropped: its code works no more. */
    async cancelEmailChange(id: string, actor: AuditActor): Promise<EmailChangeAnswer> {
      const user = await existing(id);
      const accountId = await builtInAccount(user);
      const pending = accountId ? await identity.pendingEmailChange(accountId) : null;
      if (!accountId || !pending || !(await identity.cancelEmailChange(accountId)))
        throw new AppError(404, NO_EMAIL_CHANGE_UNDER_WAY);
      await audit.record(actor, {
        kind: 'client.email_change_cancelled',
        targetType: 'client',
        targetId: user.id,
        before: { email: pending.email },
        after: null,
      });
      return { message: `The change to ${pending.email} is cancelled.`, pending: null };
    },
  };
}

import {
  CLIENT_DETAIL_RECENT,
  type ClientAccountPage,
  type ClientDetail,
  type ClientDetails,
  type ClientListQuery,
  type ClientNote,
  type ClientPasswordResetSent,
  type ClientPasswordResetStatus,
  type NewClientNote,
} from '@shared/schemas/clients';
import { pageOffset } from '@shared/schemas/common';
import type { AdminSubscriptionChange } from '@shared/schemas/subscriptions';
import { invoiceName } from '@shared/schemas/invoices';
import type { ClientNoteRow, User } from '../../db/schema';
import type { IdentityService } from '../identity/identity.service';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import { toPayment, type InvoiceService } from '../invoices/invoices.service';
import type { MailService } from '../mail/mail.service';
import type { SignupLinkService } from '../signup-links/signup-links.service';
import type {
  AgencyChangeResult,
  AgencySubscription,
  SubscriptionService,
} from '../subscriptions/subscriptions.service';
import type { TicketService } from '../tickets/tickets.service';
import { createClientAccountActions, DEACTIVATED_NO_CHANGE } from './client-account';
import type { ClientRepository } from './clients.repository';

export const CLIENT_NOT_FOUND = 'Client not found';
const NOTE_NOT_FOUND = 'Note not found';
/** The notes the page shows: far more than an agency writes on one client. */
const NOTES_SHOWN = 200;

const checkedId = (id: string) => existingId(id, CLIENT_NOT_FOUND);

/** How a client is named where a name is needed: full name, else e-mail. */
const displayName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  fullName(user) || user.email || 'Client';

/** What the audit log keeps of a subscription change: the fields it moved. */
const subscriptionFields = (subscription: AgencySubscription) => ({
  tier: subscription.tier,
  status: subscription.status,
  currentPeriodEnd: subscription.currentPeriodEnd,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  pendingTier: subscription.pendingTier,
  pendingTierFrom: subscription.pendingTierFrom,
  freeMonths: subscription.freeMonths,
});

const detailFields = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  businessName: user.businessName,
  phoneNumber: user.phoneNumber,
});

function toNote(note: ClientNoteRow, authorEmail: string | null): ClientNote {
  return { id: note.id, body: note.body, authorEmail, createdAt: note.createdAt.toISOString() };
}

export interface ClientServiceDeps {
  repository: ClientRepository;
  subscriptions: Pick<
    SubscriptionService,
    | 'getForAgency'
    | 'listHistory'
    | 'changeForClient'
    | 'giveFreeMonths'
    | 'withdrawRequestForClient'
  >;
  invoices: Pick<InvoiceService, 'list'>;
  tickets: Pick<TicketService, 'list'>;
  signupLinks: Pick<SignupLinkService, 'list'>;
  mail: Pick<MailService, 'sentTo'>;
  audit: AuditTrail;
  stripeTestMode: boolean;
  passwordReset: {
    /** The client's account at the built-in provider, when it signs them in. */
    builtInAccountId: (who: Pick<User, 'oidcIssuer' | 'oidcSubject'>) => string | undefined;
    accountEmail: (accountId: string) => Promise<string | undefined>;
    /** E-mails the address a link to the sign-in page's "Forgot password?" step. */
    send: (to: string) => Promise<{ delivered: boolean; error?: string }>;
  };
  /** The built-in provider's side of the client's account: e-mail changes, its sessions. */
  identity: Pick<
    IdentityService,
    'startEmailChange' | 'pendingEmailChange' | 'cancelEmailChange' | 'endProviderSessions'
  >;
  /** Ends every session of the client in the app. */
  endSessions: (userId: string) => Promise<void>;
  now?: () => Date;
}

export const NO_PASSWORD_HERE =
  'This client signs in with an external provider: their password is reset there.';

/** The client directory (/admin/clients) and each client's page (/admin/clients/{id}). */
export function createClientService({
  repository,
  subscriptions,
  invoices,
  tickets,
  signupLinks,
  mail,
  audit,
  stripeTestMode,
  passwordReset,
  identity,
  endSessions,
  now = () => new Date(),
}: ClientServiceDeps) {
  async function existing(id: string): Promise<User> {
    const user = await repository.find(checkedId(id));
    if (!user) throw new AppError(404, CLIENT_NOT_FOUND);
    return user;
  }

  /** The e-mail of the client's built-in account, when the product holds their password. */
  async function passwordAccountEmail(user: User): Promise<string | undefined> {
    const accountId = passwordReset.builtInAccountId(user);
    return accountId ? passwordReset.accountEmail(accountId) : undefined;
  }

  async function recordChange(
    actor: AuditActor,
    userId: string,
    kind: 'client.subscription_changed' | 'client.free_months_given',
    change: () => Promise<AgencyChangeResult>,
  ): Promise<{ message: string }> {
    const { message, before, after } = await change();
    await audit.record(actor, {
      kind,
      targetType: 'client',
      targetId: userId,
      ...changedFields(subscriptionFields(before), subscriptionFields(after)),
    });
    return { message };
  }

  const account = createClientAccountActions({
    existing,
    subscriptions,
    repository,
    audit,
    builtInAccountId: passwordReset.builtInAccountId,
    accountEmail: passwordReset.accountEmail,
    identity,
    endSessions,
    now,
  });

  return {
    ...account,

    /** Whether the client's password is the product's, so a reset e-mail can be sent. */
    async passwordResetStatus(id: string): Promise<ClientPasswordResetStatus> {
      return { available: (await passwordAccountEmail(await existing(id))) !== undefined };
    },

    /**
     * E-mails the client a link to choose a new password (the sign-in page's "Forgot
     * password?" step, which mails them a code), at their sign-in address; audit-logged.
     */
    async sendPasswordReset(id: string, actor: AuditActor): Promise<ClientPasswordResetSent> {
      const user = await existing(id);
      const email = await passwordAccountEmail(user);
      if (!email) throw new AppError(409, NO_PASSWORD_HERE);
      const sent = await passwordReset.send(email);
      if (!sent.delivered)
        throw new AppError(
          502,
          `The e-mail to ${email} could not be sent: ${sent.error ?? 'the mail server refused it'}.`,
        );
      await audit.record(actor, {
        kind: 'client.password_reset_sent',
        targetType: 'client',
        targetId: user.id,
        before: null,
        after: { email },
      });
      return { message: `Password reset e-mail sent to ${email}.` };
    },

    /** One page of the directory, newest client first. */
    async list({ q, status, page, pageSize }: ClientListQuery): Promise<ClientAccountPage> {
      const { rows, total } = await repository.list({
        q,
        status,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      const items = rows.map(({ user, plan, status: subscriptionStatus, balance }) => ({
        id: user.id,
        name: displayName(user),
        email: user.email,
        emailVerified: user.emailVerified,
        businessName: user.businessName,
        createdAt: user.createdAt.toISOString(),
        plan,
        subscriptionStatus,
        balance,
        deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
      }));
      return { items, total, page, pageSize };
    },

    /**
     * Everything about one client, each list cut to its most recent rows with its total (the
     * page links to the whole list, filtered to them). Its reads run side by side.
     */
    async detail(id: string): Promise<ClientDetail> {
      const user = await existing(id);
      const recent = { page: 1, pageSize: CLIENT_DETAIL_RECENT };
      const none = { rows: [], items: [], total: 0 };
      const [subscription, history, money, invoicePage, paid, ticketPage, messages, links, notes] =
        await Promise.all([
          subscriptions.getForAgency(user.id),
          subscriptions.listHistory(user.id, recent),
          repository.money(user.id),
          invoices.list({ q: '', client: user.id, ...recent }),
          repository.payments(user.id, CLIENT_DETAIL_RECENT),
          tickets.list(user.id, recent),
          user.email ? mail.sentTo(user.email, CLIENT_DETAIL_RECENT) : none,
          user.email ? signupLinks.list({ q: '', email: user.email, ...recent }) : none,
          repository.notes(user.id, NOTES_SHOWN),
        ]);
      return {
        profile: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          name: displayName(user),
          email: user.email,
          emailVerified: user.emailVerified,
          businessName: user.businessName,
          phoneNumber: user.phoneNumber,
          createdAt: user.createdAt.toISOString(),
          card:
            user.cardBrand && user.cardLast4 && user.cardExpMonth && user.cardExpYear
              ? {
                  brand: user.cardBrand,
                  last4: user.cardLast4,
                  expMonth: user.cardExpMonth,
                  expYear: user.cardExpYear,
                }
              : null,
          autoPay: user.autoPay,
          deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
        },
        subscription,
        history: { items: history.items, total: history.total },
        money,
        invoices: { items: invoicePage.items, total: invoicePage.total },
        payments: {
          items: paid.rows.map(({ payment, invoiceNumber }) => ({
            ...toPayment(payment, stripeTestMode, paid.payouts.get(payment.id) ?? null),
            invoiceNumber: invoiceName({ invoiceNumber }),
          })),
          total: paid.total,
        },
        tickets: { items: ticketPage.items, total: ticketPage.total },
        messages: {
          items: messages.items.map((message) => ({ ...message, clientId: user.id })),
          total: messages.total,
        },
        signupLinks: { items: links.items, total: links.total },
        notes: notes.map(({ note, authorEmail }) => toNote(note, authorEmail)),
      };
    },

    /** The agency corrects the client's details; a field left out stays as it is. */
    async updateDetails(id: string, actor: AuditActor, details: ClientDetails): Promise<void> {
      const user = await existing(id);
      // An emptied field is cleared, as the portal's form does.
      const blankAsNull = (value: string | undefined) =>
        value === undefined ? undefined : value || null;
      const updated = await repository.updateDetails(user.id, {
        firstName: blankAsNull(details.firstName),
        lastName: blankAsNull(details.lastName),
        businessName: blankAsNull(details.businessName),
        phoneNumber: blankAsNull(details.phoneNumber),
      });
      if (!updated) throw new AppError(404, CLIENT_NOT_FOUND);
      const changes = changedFields(detailFields(user), detailFields(updated));
      if (Object.keys(changes.after).length === 0) return;
      await audit.record(actor, {
        kind: 'client.details_updated',
        targetType: 'client',
        targetId: user.id,
        ...changes,
      });
    },

    /** The client page's plan actions (subscriptions' changeForClient), in the audit log. */
    async changeSubscription(
      id: string,
      actor: AuditActor,
      change: AdminSubscriptionChange,
    ): Promise<{ message: string }> {
      const user = await existing(id);
      // A deactivated client cannot sign in to see or pay a renewal: only an end is allowed.
      if (user.deactivatedAt && !change.endNow && change.cancelAtPeriodEnd !== true)
        throw new AppError(409, DEACTIVATED_NO_CHANGE);
      return recordChange(actor, user.id, 'client.subscription_changed', () =>
        subscriptions.changeForClient(user.id, change),
      );
    },

    /** Months free, credited on the next renewal invoices, in the audit log. */
    async giveFreeMonths(
      id: string,
      actor: AuditActor,
      months: number,
    ): Promise<{ message: string }> {
      const user = await existing(id);
      return recordChange(actor, user.id, 'client.free_months_given', () =>
        subscriptions.giveFreeMonths(user.id, months),
      );
    },

    /** A private note on the client, by the signed-in admin. */
    async addNote(id: string, author: AuditActor, { body }: NewClientNote): Promise<ClientNote> {
      const user = await existing(id);
      const note = await repository.addNote(user.id, author.adminId, body);
      await audit.record(author, {
        kind: 'client.note_added',
        targetType: 'client',
        targetId: user.id,
        before: null,
        // The audit log is kept for good: what a note said is not, once it is deleted.
        after: { noteId: note.id, length: body.length },
      });
      return toNote(note, author.email);
    },

    async removeNote(id: string, noteId: string, actor: AuditActor): Promise<void> {
      const removed = await repository.removeNote(
        checkedId(id),
        existingId(noteId, NOTE_NOT_FOUND),
      );
      if (!removed) throw new AppError(404, NOTE_NOT_FOUND);
      await audit.record(actor, {
        kind: 'client.note_deleted',
        targetType: 'client',
        targetId: removed.userId,
        before: { noteId: removed.id, length: removed.body.length },
        after: null,
      });
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;

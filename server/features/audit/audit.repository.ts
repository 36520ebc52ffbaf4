import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { invoiceName } from '@shared/schemas/invoices';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import {
  admins,
  adminTokens,
  auditEvents,
  invoices,
  outboxMessages,
  payments,
  signupLinks,
  tickets,
  users,
  type AuditEventRow,
} from '../../db/schema';
import { fullName } from '../../lib/format';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export interface AuditFilter {
  actorEmail?: string;
  kind?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  until?: Date;
  limit: number;
  offset: number;
}

/** The record an audit row is about, by its type and id. */
export interface AuditTarget {
  type: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAuditRepository(db: Database) {
  /** How each kind of target is named to the agency, looked up for a page of ids at once. */
  const namers: Record<string, (ids: string[]) => Promise<Array<[string, string]>>> = {
    client: async (ids) =>
      (
        await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, ids))
      ).map((row) => [row.id, fullName(row) || row.email || 'Client']),
    admin: async (ids) =>
      (
        await db
          .select({ id: admins.id, email: admins.email })
          .from(admins)
          .where(inArray(admins.id, ids))
      ).map((row) => [row.id, row.email]),
    admin_invite: async (ids) =>
      (
        await db
          .select({ id: adminTokens.id, email: adminTokens.email })
          .from(adminTokens)
          .where(inArray(adminTokens.id, ids))
      ).flatMap((row) => (row.email ? [[row.id, `Invitation for ${row.email}`]] : [])),
    invoice: async (ids) =>
      (
        await db
          .select({
            id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            clientName: invoices.clientName,
          })
          .from(invoices)
          .where(inArray(invoices.id, ids))
      ).map((row) => [row.id, `${invoiceName(row)} · ${row.clientName}`]),
    payment: async (ids) =>
      (
        await db
          .select({ id: payments.id, invoiceNumber: invoices.invoiceNumber })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(inArray(payments.id, ids))
      ).map((row) => [row.id, `Payment on ${invoiceName(row)}`]),
    ticket: async (ids) =>
      (
        await db
          .select({ id: tickets.id, subject: tickets.subject })
          .from(tickets)
          .where(inArray(tickets.id, ids))
      ).map((row) => [row.id, row.subject]),
    signup_link: async (ids) =>
      (
        await db
          .select({ id: signupLinks.id, email: signupLinks.email })
          .from(signupLinks)
          .where(inArray(signupLinks.id, ids))
      ).map((row) => [row.id, `Signup link for ${row.email}`]),
    outbox_message: async (ids) =>
      (
        await db
          .select({
            id: outboxMessages.id,
            subject: outboxMessages.subject,
            to: outboxMessages.toAddress,
          })
          .from(outboxMessages)
          .where(inArray(outboxMessages.id, ids))
      ).map((row) => [row.id, `“${row.subject}” to ${row.to}`]),
  };

  return {
    /**
     * What each target is called today (a client's name, an admin's e-mail, an invoice's
     * number...), keyed `type:id`; a target that no longer exists, or has no name, is left
     * out. One query per kind of target on the page.
     */
    async targetNames(targets: AuditTarget[]): Promise<Map<string, string>> {
      const idsByType = new Map<string, Set<string>>();
      for (const { type, id } of targets) {
        if (!namers[type] || !UUID.test(id)) continue;
        idsByType.set(type, (idsByType.get(type) ?? new Set()).add(id));
      }
      const named = await Promise.all(
        [...idsByType].map(async ([type, ids]) =>
          (await namers[type]!([...ids])).map(([id, name]) => [`${type}:${id}`, name] as const),
        ),
      );
      return new Map(named.flat());
    },

    /** `within`: the caller's transaction, when the row exists only if its change does. */
    async insert(row: NewAuditEvent, within: Database = db): Promise<void> {
      await within.insert(auditEvents).values(row);
    },

    /** One page, newest first, and how many rows match in all (every filter has its index). */
    async list(filter: AuditFilter): Promise<{ rows: AuditEventRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actorEmail) conditions.push(eq(auditEvents.actorEmail, filter.actorEmail));
      if (filter.kind) conditions.push(eq(auditEvents.kind, filter.kind));
      if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
      if (filter.until) conditions.push(lt(auditEvents.createdAt, filter.until));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(auditEvents.createdAt), desc(auditEvents.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(onPage(db, auditEvents, auditEvents.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(auditEvents).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

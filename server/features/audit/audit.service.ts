import type { AuditEvent, AuditPage, AuditQuery } from '../../../shared/schemas/audit';
import type { AuditEventRow } from '../../db/schema';
import type { AuditActor, AuditEntry, AuditTrail } from '../../lib/audit-trail';
import type { AuditRepository } from './audit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorAdminId: row.actorAdminId,
    actorEmail: row.actorEmail,
    kind: row.kind,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
  };
}

/** The audit log: written by the other services through AuditTrail, read at /admin/audit. */
export function createAuditService(repository: AuditRepository): AuditTrail & {
  list(query: AuditQuery): Promise<AuditPage>;
} {
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await repository.insert({
        actorAdminId: actor.adminId,
        actorEmail: actor.email.toLowerCase(),
        kind: entry.kind,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async list({ actor, kind, from, to, page, pageSize }: AuditQuery): Promise<AuditPage> {
      const { rows, total } = await repository.list({
        actorEmail: actor,
        kind,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        until: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items: rows.map(toEvent), total, page, pageSize };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

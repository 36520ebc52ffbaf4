import type { AuditEvent, AuditPage, AuditQuery } from '@shared/schemas/audit';
import type { AuditEventRow } from '../../db/schema';
import type { AuditActor, AuditEntry, AuditTrail } from '../../lib/audit-trail';
import type { AuditRepository } from './audit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The values with every string made well-formed: jsonb refuses a lone UTF-16 surrogate, which
 * a text column (a ticket message) takes as U+FFFD. Without this, such a change would be saved
 * and its audit row refused.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormedText = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedText(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [wellFormedText(key), wellFormed(child)]),
    );
  }
  return value;
}

/**
 * A target's name when its record is gone: an invoice deleted as a draft keeps its client
 * in the row's values; otherwise none (the screen shows the id).
 */
function nameKeptInRow(row: AuditEventRow): string | null {
  const values = { ...row.after, ...row.before };
  if (row.targetType === 'invoice' && typeof values.clientName === 'string') {
    const number = typeof values.invoiceNumber === 'string' ? values.invoiceNumber : null;
    return `${number ?? 'Draft'} · ${values.clientName}`;
  }
  return null;
}

function toEvent(row: AuditEventRow, names: Map<string, string>): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorAdminId: row.actorAdminId,
    actorEmail: row.actorEmail,
    kind: row.kind,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName:
      (row.targetType && row.targetId && names.get(`${row.targetType}:${row.targetId}`)) ||
      nameKeptInRow(row),
    before: row.before,
    after: row.after,
  };
}

/** The audit log: written by the other services through AuditTrail, read at /admin/audit. */
/** The caller's transaction, as the audit log takes it (audit.repository's insert). */
export type AuditTransaction = NonNullable<Parameters<AuditRepository['insert']>[1]>;

export function createAuditService(repository: AuditRepository): AuditTrail & {
  /** The row written in the transaction of the change it records: both are, or neither. */
  recordIn(tx: AuditTransaction, actor: AuditActor, entry: AuditEntry): Promise<void>;
  list(query: AuditQuery): Promise<AuditPage>;
} {
  const rowOf = (actor: AuditActor, entry: AuditEntry) => ({
    actorAdminId: actor.adminId,
    actorEmail: actor.email.toLowerCase(),
    kind: entry.kind,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: (wellFormed(entry.before) as AuditEntry['before']) ?? null,
    after: (wellFormed(entry.after) as AuditEntry['after']) ?? null,
  });
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await repository.insert(rowOf(actor, entry));
    },

    async recordIn(tx: AuditTransaction, actor: AuditActor, entry: AuditEntry): Promise<void> {
      await repository.insert(rowOf(actor, entry), tx);
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
      const names = await repository.targetNames(
        rows.flatMap((row) =>
          row.targetType && row.targetId ? [{ type: row.targetType, id: row.targetId }] : [],
        ),
      );
      return { items: rows.map((row) => toEvent(row, names)), total, page, pageSize };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

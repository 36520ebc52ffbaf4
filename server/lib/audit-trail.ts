import type { AuditKind } from '@shared/schemas/audit';
import type { Admin } from '../db/schema';

/** Who did it: the admin, with the e-mail as it is at the time (or the e-mail tried at sign-in). */
export interface AuditActor {
  adminId: string | null;
  email: string;
}

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  kind: AuditKind;
  targetType?: string;
  targetId?: string;
  /** The changed fields as they were (null: nothing before, e.g. a creation). */
  before?: AuditValues | null;
  /** The changed fields as they became (null: nothing after, e.g. a deletion). */
  after?: AuditValues | null;
}

/**
 * Where the services write what admins did (the audit feature). Services call it right after
 * the change succeeded (ADR 010); they never pass secrets, tokens or password hashes.
 */
export interface AuditTrail {
  record(actor: AuditActor, entry: AuditEntry): Promise<void>;
}

export function actorOf(admin: Pick<Admin, 'id' | 'email'>): AuditActor {
  return { adminId: admin.id, email: admin.email };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields whose value differs, on both sides: what the audit row keeps of an update. */
export function changedFields<T extends AuditValues>(
  before: T,
  after: T,
): { before: AuditValues; after: AuditValues } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

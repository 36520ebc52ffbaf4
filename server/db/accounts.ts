import { asc, desc, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema';

const lowerEmail = sql<string>`lower(${users.email})`;

/**
 * The client account of each of `emails`, keyed by the lower-case e-mail, in one query for a
 * page of a list (never a subquery per row: PostgreSQL would run it for every row an OFFSET
 * skips too): a verified account first, then the oldest. Uses users_email_idx.
 */
export async function accountIdsByEmail(
  db: Database,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([lowerEmail], { email: lowerEmail, id: users.id })
    .from(users)
    .where(inArray(lowerEmail, wanted))
    .orderBy(lowerEmail, desc(users.emailVerified), asc(users.createdAt), asc(users.id));
  return new Map(rows.map((row) => [row.email, row.id]));
}

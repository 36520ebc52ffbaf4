import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { listCounts } from './schema';

/** The lists whose rows are counted by trigger (migration 0018), by their name there. */
export type CountedList = 'invoices' | 'outbox';

/** A key's rows are folded into one when a read finds more than this many. */
const FOLD_AFTER = 64;

/**
 * How many rows `list` holds with `status` (all of them when unset): the sum of the rows the
 * triggers appended for it, exact as of the reader's snapshot like count(*), without reading
 * the list. A read that finds many rows folds them into one; a fold and the writers appending
 * at the same time never wait on each other.
 */
export async function listCount(db: Database, list: CountedList, status?: string) {
  const key = status ?? '';
  const where = and(eq(listCounts.list, list), eq(listCounts.key, key));
  const [row] = await db
    .select({ total: sql<string | null>`sum(${listCounts.n})`, rows: sql<number>`count(*)::int` })
    .from(listCounts)
    .where(where);
  if ((row?.rows ?? 0) > FOLD_AFTER) {
    await db.execute(sql`
      with folded as (delete from ${listCounts} where ${where} returning ${listCounts.n})
      insert into ${listCounts} (list, key, n)
      select ${list}, ${key}, coalesce(sum(n), 0) from folded`);
  }
  return Number(row?.total ?? 0);
}

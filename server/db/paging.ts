import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * "The row is on this page": the page's ids are found first, in the list's order, and only
 * those rows are then read. The order's index ends with the id ((filter, created_at, id)), so
 * finding them reads the index alone and the rows an OFFSET skips cost no table reads: page
 * 500 costs about what page 1 does (docs/decisions/022). The caller orders the rows again.
 */
export function onPage(
  db: Database,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  { limit, offset }: PageWindow,
): SQL {
  return inArray(
    id,
    db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
}

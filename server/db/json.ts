import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgTimestamp, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * Answers the API writes as the database builds them: for lists read on every visit, the rows
 * are not parsed into objects only to be written out as JSON again. What comes out equals what
 * the TypeScript mapping of the same rows gives (each use has a test pinning that).
 */

/** An instant as JavaScript's toISOString() writes it: UTC, milliseconds, 'Z'. */
function isoInstant(column: AnyPgColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A JSON object of `table`'s row with exactly the keys of the API's `schema`, each read from the
 * column of the same name (instants written as toISOString() does).
 */
export function jsonRow(table: PgTable, schema: z.ZodObject): SQL {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const pairs = Object.keys(schema.shape).map((key) => {
    const column = columns[key];
    if (!column || !/^\w+$/.test(key)) throw new Error(`${key} is not a column of the table`);
    return sql`${sql.raw(`'${key}'`)}, ${is(column, PgTimestamp) ? isoInstant(column) : column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A JSON array of `element` over the rows, in `orderBy` order; an empty array when none. */
export function jsonArray(element: SQL, orderBy: SQL): SQL {
  return sql`coalesce(json_agg(${element} order by ${orderBy}), '[]'::json)`;
}

/** The JSON as the text the route sends: what the prepared read's one column holds. */
export function jsonText(json: SQL): SQL<string> {
  return sql<string>`${json}::text`;
}

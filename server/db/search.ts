import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The text a list's search looks in: the columns joined by spaces, nulls as ''. The same
 * expression is the list's trigram index (schema.ts), so `ILIKE '%...%'` is index-backed.
 */
export function searchText(...columns: SQLWrapper[]): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  )})`;
}

/** `%q%` for LIKE, with the searcher's own %, _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The row's search text contains `q`, ignoring case. */
export function textContains(text: SQL, q: string): SQL {
  return sql`${text} ilike ${containsPattern(q)}`;
}

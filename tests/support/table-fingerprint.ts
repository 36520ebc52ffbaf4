import type { DatabaseHandle } from '../../server/db/client';

/**
 * Every table's content as one md5 per table, to show a refused request changed nothing.
 * Sessions and rate-limit counters are left out: they change with every request, refused or not.
 */
export async function tableFingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  const { rows } = await database.executeSql(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'rate_limit_hits', '__drizzle_migrations')
      order by table_name`,
  );
  const names = (rows as Array<{ name: string }>).map((row) => row.name);
  const { rows: sums } = await database.executeSql(
    names
      .map(
        (name) =>
          `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(
    (sums as Array<{ name: string; sum: string }>).map((row) => [row.name, row.sum]),
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from './client';
import { listCount } from './list-counts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What count(*) says, for comparing with the trigger-kept counts. */
async function counted(status?: string) {
  const { rows } = await database.executeSql(
    status
      ? 'select count(*)::int as n from outbox_messages where status = $1'
      : 'select count(*)::int as n from outbox_messages',
    status ? [status] : undefined,
  );
  return (rows[0] as { n: number }).n;
}

async function expectCountsRight() {
  for (const status of [undefined, 'stored', 'sent', 'failed']) {
    expect(await listCount(database.db, 'outbox', status)).toBe(await counted(status));
  }
}

describe('the counts the long lists read', () => {
  it('follow inserts, status changes of many rows at once, deletes, and folding', async () => {
    await expectCountsRight();
    // 150 rows in one statement, then one at a time: more rows to sum than a fold allows.
    await database.executeSql(
      `insert into outbox_messages (from_address, to_address, subject, text, status)
       select 'us@example.com', 'a' || g || '@example.com', 'Hello', 'Hi', (array['stored','sent','failed'])[1 + g % 3]
       from generate_series(1, 150) g`,
    );
    for (let n = 0; n < 70; n++) {
      await database.executeSql(
        "insert into outbox_messages (from_address, to_address, subject, text, status) values ('us@example.com', $1, 'One', 'Hi', 'failed')",
        [`one${n}@example.com`],
      );
    }
    await expectCountsRight();
    expect(await listCount(database.db, 'outbox', 'failed')).toBe(120);

    // Many rows change status in one statement; an update that changes no status counts nothing.
    await database.executeSql("update outbox_messages set status = 'sent' where status = 'failed'");
    await database.executeSql("update outbox_messages set subject = 'Renamed'");
    await expectCountsRight();
    expect(await listCount(database.db, 'outbox', 'failed')).toBe(0);

    await database.executeSql("delete from outbox_messages where to_address like 'one%'");
    await expectCountsRight();

    // The reads above folded the rows they summed: each key is down to a row or a few.
    const { rows } = await database.executeSql(
      "select key, count(*)::int as n from list_counts where list = 'outbox' group by key",
    );
    for (const row of rows as Array<{ key: string; n: number }>) {
      expect(row.n).toBeLessThanOrEqual(3);
    }
    await expectCountsRight();
  });
});

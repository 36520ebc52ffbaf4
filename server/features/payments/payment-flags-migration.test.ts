import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths';
import { openTestDatabase } from '@tests/support/test-database';

it("turns an invoice's one warning into the first of its list (migrations 0021, 0022)", async () => {
  // The database as the previous version left it: migrated up to 0020.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 20);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openTestDatabase({ migrationsFolder: before });
  const run = (text: string) => database.executeSql(text);
  const flag = 'A card payment of $100.00 USD did not match the balance due of $399.00';
  await run(`
    insert into invoices (id, client_name, client_email, status, due_date, subtotal, total,
                          payment_flag, updated_at)
      values ('11111111-1111-4111-8111-111111111111', 'Odile', 'odile@example.com', 'sent',
              '2026-12-31', 39900, 39900, '${flag}', '2026-11-20T10:15:00Z'),
             ('22222222-2222-4222-8222-222222222222', 'Remy', 'remy@example.com', 'sent',
              '2026-12-31', 39900, 39900, null, now());
    insert into payments (id, invoice_id, amount, method, paid_at, flag)
      values ('33333333-3333-4333-8333-333333333333', '11111111-1111-4111-8111-111111111111',
              10000, 'card', now(), '${flag}');
  `);
  await database.migrate();

  const rows = (await run(`select id, payment_flags from invoices order by id`)).rows as Array<{
    id: string;
    payment_flags: unknown;
  }>;
  expect(rows).toEqual([
    {
      id: '11111111-1111-4111-8111-111111111111',
      payment_flags: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          message: flag,
          at: '2026-11-20T10:15:00.000Z',
          paymentId: '33333333-3333-4333-8333-333333333333',
        },
      ],
    },
    { id: '22222222-2222-4222-8222-222222222222', payment_flags: [] },
  ]);
  const columns = (
    await run(
      `select column_name from information_schema.columns where table_name = 'invoices' and column_name like 'payment_flag%'`,
    )
  ).rows;
  expect(columns).toEqual([{ column_name: 'payment_flags' }]);
  await database.close();
}, 60_000);

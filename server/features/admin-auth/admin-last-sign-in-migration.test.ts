import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths';
import { openTestDatabase } from '@tests/support/test-database';

it("dates each admin's last sign-in from the audit log (its column and backfill migrations)", async () => {
  // The database as the previous version left it: migrated up to the one before the column.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const column = journal.entries.find((entry) => /_admin-last-sign-in$/.test(entry.tag));
  expect(column, 'the migration that adds admins.last_signed_in_at').toBeDefined();
  journal.entries = journal.entries.filter((entry) => entry.idx < column!.idx);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openTestDatabase({ migrationsFolder: before });
  const run = (text: string) => database.executeSql(text);
  const veteran = '11111111-1111-4111-8111-111111111111';
  const newcomer = '22222222-2222-4222-8222-222222222222';
  await run(`
    insert into admins (id, email, password_hash)
      values ('${veteran}', 'veteran@example.com', 'x'), ('${newcomer}', 'new@example.com', 'x');
    insert into audit_events (kind, target_type, target_id, created_at)
      values ('admin.signed_in', 'admin', '${veteran}', '2026-10-01T09:00:00Z'),
             ('admin.signed_in', 'admin', '${veteran}', '2026-11-20T10:15:00Z'),
             ('admin.created', 'admin', '${newcomer}', '2026-11-21T08:00:00Z');
  `);
  await database.migrate();

  const rows = (await run(`select id, last_signed_in_at from admins order by id`)).rows;
  expect(rows).toEqual([
    { id: veteran, last_signed_in_at: new Date('2026-11-20T10:15:00Z') },
    // Never signed in: welcomed as new at the first sign-in.
    { id: newcomer, last_signed_in_at: null },
  ]);
  await database.close();
}, 60_000);

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths';
import { openTestDatabase } from '@tests/support/test-database';

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

it('makes the links in messages sent before (migration 0024) secrets the sweep blanks', async () => {
  // The database as the previous version left it: migrated up to 0023.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 23);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openTestDatabase({ migrationsFolder: before });
  const run = (text: string, values?: unknown[]) => database.executeSql(text, values);

  const payToken = 'pT0ken_of-an-invoice-0123456789abcdef';
  const goneToken = 'g0neT0ken_of-a-deleted-invoice-01234567';
  const signupToken = 's'.repeat(43);
  await run(
    `insert into invoices (id, client_name, client_email, status, due_date, subtotal, total,
                           pay_token_hash, pay_link_expires_at)
       values ('11111111-1111-4111-8111-111111111111', 'Odile', 'odile@example.com', 'sent',
               '2026-12-31', 39900, 39900, $1, '2027-01-20T10:00:00Z')`,
    [sha256(payToken)],
  );
  await run(
    `insert into signup_links (id, token_hash, email, plan_type, expires_at)
       values ('22222222-2222-4222-8222-222222222222', $1, 'new@example.com', 'signature',
               '2026-12-01T10:00:00Z')`,
    [sha256(signupToken)],
  );
  const message = (id: string, text: string, attachments = '[]') =>
    run(
      `insert into outbox_messages (id, from_address, to_address, subject, text, status, attachments)
         values ($1, 'us@example.com', 'them@example.com', 'Hello', $2, 'stored', $3::jsonb)`,
      [id, text, attachments],
    );
  await message(
    '33333333-3333-4333-8333-333333333333',
    `Pay this invoice online: https://agency.example/pay/${payToken}`,
    '[{"filename":"INV.pdf","contentType":"application/pdf","contentBase64":"JVBERg=="}]',
  );
  await message('44444444-4444-4444-8444-444444444444', `Pay: http://x/pay/${goneToken}`);
  await message(
    '55555555-5555-4555-8555-555555555555',
    `Create your account: https://agency.example/signup/${signupToken}`,
  );
  await message('66666666-6666-4666-8666-666666666666', 'Your ticket was answered.');
  await database.migrate();

  const rows = (
    await run(
      `select id, secret_ref, secrets, secrets_expire_at, secrets_in_attachments
         from outbox_messages order by id`,
    )
  ).rows as Array<Record<string, unknown>>;
  expect(rows.map((row) => ({ ...row, secrets_expire_at: undefined }))).toEqual([
    {
      id: '33333333-3333-4333-8333-333333333333',
      secret_ref: 'pay-link:11111111-1111-4111-8111-111111111111',
      secrets: [payToken],
      secrets_expire_at: undefined,
      secrets_in_attachments: true,
    },
    {
      id: '44444444-4444-4444-8444-444444444444',
      secret_ref: null,
      secrets: [goneToken],
      secrets_expire_at: undefined,
      secrets_in_attachments: false,
    },
    {
      id: '55555555-5555-4555-8555-555555555555',
      secret_ref: 'signup-link:22222222-2222-4222-8222-222222222222',
      secrets: [signupToken],
      secrets_expire_at: undefined,
      secrets_in_attachments: false,
    },
    {
      id: '66666666-6666-4666-8666-666666666666',
      secret_ref: null,
      secrets: [],
      secrets_expire_at: undefined,
      secrets_in_attachments: false,
    },
  ]);
  const expiries = rows.map((row) => row.secrets_expire_at as Date | null);
  expect(expiries[0]).toEqual(new Date('2027-01-20T10:00:00Z'));
  // A link that leads nowhere is due at once; a signup link when it expires.
  expect(expiries[1]!.getTime()).toBeLessThanOrEqual(Date.now());
  expect(expiries[2]).toEqual(new Date('2026-12-01T10:00:00Z'));
  expect(expiries[3]).toBeNull();
  await database.close();
}, 60_000);

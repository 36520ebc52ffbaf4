import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { DEFAULT_PLANS } from '@shared/plans';
import { DEFAULT_RESPONSE_TIMES } from '@shared/response-targets';
import { expect, it } from 'vitest';
import { tickets } from '../../db/schema';
import { createTicketRepository } from './tickets.repository';
import { migrationsDir } from '../../lib/paths';
import { openTestDatabase } from '@tests/support/test-database';

const SIGNATURE_CLIENT = '11111111-1111-4111-8111-111111111111';
const CHANGED_CLIENT = '22222222-2222-4222-8222-222222222222';

it('gives earlier tickets their plan, first answer and due times (the response-clocks migrations and the start)', async () => {
  // The database as the previous version left it: migrated up to the response clocks.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const first = journal.entries.findIndex((entry) => entry.tag.endsWith('_response-clocks'));
  expect(first).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, first);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openTestDatabase({ migrationsFolder: before });
  const run = (text: string) => database.executeSql(text);
  await run(`
    insert into users (id, oidc_issuer, oidc_subject, email)
      values ('${SIGNATURE_CLIENT}', 'built-in', 's1', 's1@example.com'),
             ('${CHANGED_CLIENT}', 'built-in', 's2', 's2@example.com');
    insert into subscriptions (id, user_id, tier, status)
      values ('aaaaaaaa-1111-4111-8111-111111111111', '${SIGNATURE_CLIENT}', 'signature', 'active'),
             ('aaaaaaaa-2222-4222-8222-222222222222', '${CHANGED_CLIENT}', 'essentials', 'canceled');
    -- Signature since October; the second client had Prestige until Nov 10, then nothing.
    insert into subscription_events (user_id, subscription_id, kind, status, tier,
                                     monthly_price_cents, occurred_at)
      values ('${SIGNATURE_CLIENT}', 'aaaaaaaa-1111-4111-8111-111111111111', 'activated',
              'active', 'signature', 39900, '2026-10-01T12:00:00Z'),
             ('${CHANGED_CLIENT}', 'aaaaaaaa-2222-4222-8222-222222222222', 'activated',
              'active', 'prestige', 59900, '2026-10-01T12:00:00Z'),
             ('${CHANGED_CLIENT}', 'aaaaaaaa-2222-4222-8222-222222222222', 'canceled',
              'canceled', 'prestige', 59900, '2026-11-10T12:00:00Z');
    -- Friday Nov 6, 15:00 CST: answered Monday 10:00, then the client wrote Monday 16:30.
    insert into tickets (id, user_id, subject, description, status, created_at)
      values ('00000000-0000-4000-8000-000000000001', '${SIGNATURE_CLIENT}', 'A', 'Answered once',
              'in_progress', '2026-11-06T21:00:00Z'),
    -- Opened under Prestige on Nov 9 (high priority), never answered.
             ('00000000-0000-4000-8000-000000000002', '${CHANGED_CLIENT}', 'B', 'Unanswered',
              'open', '2026-11-09T12:00:00Z'),
    -- Opened after the plan ended, resolved.
             ('00000000-0000-4000-8000-000000000003', '${CHANGED_CLIENT}', 'C', 'Resolved',
              'resolved', '2026-11-12T12:00:00Z');
    update tickets set priority = 'high' where id = '00000000-0000-4000-8000-000000000002';
    insert into ticket_messages (ticket_id, is_admin_reply, message, created_at)
      values ('00000000-0000-4000-8000-000000000001', true, 'On it', '2026-11-09T16:00:00Z'),
             ('00000000-0000-4000-8000-000000000001', false, 'Thanks', '2026-11-09T22:30:00Z'),
             ('00000000-0000-4000-8000-000000000001', false, 'Also', '2026-11-10T15:00:00Z');
  `);
  await database.migrate();

  const repository = createTicketRepository(database.db);
  const policy = {
    settings: DEFAULT_RESPONSE_TIMES,
    plans: Object.fromEntries(DEFAULT_PLANS.map((plan) => [plan.id, plan.responseTimes])),
    timeZone: 'America/Chicago',
  };
  expect(await repository.startEarlierClocks(policy)).toBe(3);
  expect(await repository.startEarlierClocks(policy)).toBe(0);

  const rows = await database.db.select().from(tickets).orderBy(asc(tickets.id));
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  expect(
    rows.map((row) => ({
      plan: row.planAtOpen,
      firstDue: iso(row.firstResponseDueAt),
      first: iso(row.firstResponseAt),
      due: iso(row.responseDueAt),
    })),
  ).toEqual([
    {
      plan: 'signature',
      // 1 business day from Friday 15:00 CST: Monday 15:00 CST.
      firstDue: '2026-11-09T21:00:00.000Z',
      first: '2026-11-09T16:00:00.000Z',
      // The next answer, from the client's first unanswered message (Monday 16:30 CST).
      due: '2026-11-10T22:30:00.000Z',
    },
    {
      plan: 'prestige',
      // 4 hours around the clock, halved.
      firstDue: '2026-11-09T14:00:00.000Z',
      first: null,
      due: '2026-11-09T14:00:00.000Z',
    },
    {
      plan: null,
      // Essentials' 2 business days from Thursday 6:00 CST: Thursday and Friday, 17:00 CST.
      firstDue: '2026-11-13T23:00:00.000Z',
      first: null,
      due: null,
    },
  ]);
  await database.close();
}, 60_000);

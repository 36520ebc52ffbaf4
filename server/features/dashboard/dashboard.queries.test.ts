import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { migrationsDir } from '../../lib/paths';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

/**
 * The dashboard's figures cost the same four SQL queries whether there are ten subscriptions
 * or ten thousand (subscriptions, requests, payments, open invoices): the database
 * aggregates, the server never loops over rows.
 */
const client = new PGlite();
const queries: string[] = [];
const db = drizzle(client, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (query) => queries.push(query) },
}) as unknown as Database;

beforeAll(async () => {
  await migrate(db as never, { migrationsFolder: migrationsDir });
  const tiers = ['essentials', 'signature', 'prestige'] as const;
  const statuses = ['active', 'active', 'pending', 'past_due', 'canceled'] as const;
  for (let batch = 0; batch < 10; batch++) {
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: 1000 }, (_, n) => ({
          oidcIssuer: 'https://issuer.test',
          oidcSubject: `subject-${batch}-${n}`,
        })),
      )
      .returning({ id: schema.users.id });
    await db.insert(schema.subscriptions).values(
      users.map(({ id }, n) => ({
        userId: id,
        tier: tiers[n % 3]!,
        status: statuses[n % 5]!,
        activatedAt: n % 5 < 2 || n % 5 === 3 ? new Date('2026-10-01T00:00:00Z') : null,
      })),
    );
  }
  await db
    .insert(schema.consultations)
    .values(
      Array.from({ length: 8000 }, (_, n) => ({ name: `Lead ${n}`, email: `l${n}@example.com` })),
    );
}, 60_000);
afterAll(async () => {
  await client.close();
});

it('computes the stats of 10,000 subscriptions in four SQL queries', async () => {
  queries.length = 0;
  const stats = await createDashboardService(createDashboardRepository(db)).stats();
  expect(queries).toHaveLength(4);
  // 4,000 active (two statuses in five), spread over the three plans; 6,000 ever activated.
  expect(stats.activeSubscribers).toBe(4000);
  expect(
    stats.planDistribution.essentials +
      stats.planDistribution.signature +
      stats.planDistribution.prestige,
  ).toBe(4000);
  expect(stats.conversionRate).toBe(6000 / 8000);
});

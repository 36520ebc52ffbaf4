import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { migrationsDir } from '../../lib/paths';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

/**
 * The dashboard's figures cost the same four SQL queries whether there are ten subscriptions
 * or ten thousand (subscriptions, requests, payments, open invoices), and its trends two
 * (subscription history, money): the database aggregates, the server never loops over rows.
 */
const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
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
          email: `L${batch * 1000 + n}@example.com`,
        })),
      )
      .returning({ id: schema.users.id });
    const subscriptions = await db
      .insert(schema.subscriptions)
      .values(
        users.map(({ id }, n) => ({
          userId: id,
          tier: tiers[n % 3]!,
          status: statuses[n % 5]!,
          activatedAt: n % 5 < 2 || n % 5 === 3 ? new Date() : null,
        })),
      )
      .returning();
    await db.insert(schema.subscriptionEvents).values(
      subscriptions
        .filter((row) => row.activatedAt)
        .map((row) => ({
          userId: row.userId,
          subscriptionId: row.id,
          kind: 'activated' as const,
          status: 'active' as const,
          tier: row.tier,
          monthlyPriceCents: 100,
          occurredAt: row.activatedAt!,
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
    (stats.planDistribution.essentials ?? 0) +
      (stats.planDistribution.signature ?? 0) +
      (stats.planDistribution.prestige ?? 0),
  ).toBe(4000);
  // The requests are from l0 to l7999: three in five of them became clients.
  expect(stats.consultationRequests).toBe(8000);
  expect(stats.convertedRequests).toBe(4800);
  expect(stats.conversionRate).toBe(4800 / 8000);
});

it('computes twelve months of trends over 6,000 histories in two SQL queries', async () => {
  queries.length = 0;
  const started = performance.now();
  const { months } = await createDashboardService(createDashboardRepository(db)).trends();
  const elapsed = performance.now() - started;
  expect(queries).toHaveLength(2);
  expect(months).toHaveLength(12);
  expect(months.at(-1)).toMatchObject({ mrr: 6000 * 100, newClients: 6000 });
  expect(elapsed).toBeLessThan(5_000);
});

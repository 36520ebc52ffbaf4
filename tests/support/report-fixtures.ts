import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/db/client';
import {
  creditNotes,
  siteCheckHours,
  siteChecks,
  siteHealthScores,
  siteIncidents,
  sites,
  subscriptionEvents,
  subscriptions,
  tickets,
} from '../../server/db/schema';
import { createClient, createInvoice } from '../factories';

/**
 * A client's November 2026 as the monthly report reads it, stored directly in the tables the
 * site-care, support and billing features fill, with what its report must say (in the
 * business time zone, America/Chicago: CDT until Nov 1 at 2:00, CST after).
 *
 * Checks: Nov 1-14 as hourly roll-ups only (their raw checks are gone), 12 checks an hour at
 * noon UTC with a median of 312 ms, and on Nov 3 one more hour with 6 of 12 failed at 900 ms;
 * Nov 15-30 as raw checks, 4 a day (180, 220, 240 and 260 ms), one failed on Nov 20. A roll-up
 * of an hour the raw checks still cover is not counted twice. Checks just outside the month in
 * Chicago (Oct 31 at 11:30 PM, Dec 1 at 12:30 AM) are failures that must not count.
 * 244 checks, 7 failed: 97.1% up; the median of the 237 answered is 312 ms.
 */
export const NOVEMBER = {
  uptime: '97.1%',
  median: '312 ms',
  certificate: 'Jan 12, 2027',
  domain: 'Mar 3, 2027',
  /** Nov 3, 4:00 to 5:30 AM CST. */
  incident: { started: 'Nov 3, 2026 at 4:00 AM CST', duration: '1 h 30 min', reason: 'HTTP 503' },
  /** Nov 30 at 10:00 PM CST, still down at the month's end (Dec 1, 12:00 AM CST). */
  openIncident: { started: 'Nov 30, 2026 at 10:00 PM CST', duration: '2 h' },
  /** 4 tickets opened (3 updates), first answers after 30, 90 and 45 minutes, one unanswered. */
  ticketsOpened: 4,
  /** Resolved in November: one opened in October, one opened in November. */
  ticketsResolved: 2,
  medianFirstResponse: '45 min',
  /** Signature includes 2 updates a month. */
  updates: '3 of 2 updates used, 1 beyond the plan',
  invoices: [
    { number: 'INV-2026-0101', amount: '$399.00', paid: 'Nov 2, 2026' },
    { number: 'INV-2026-0117', amount: '$75.00', paid: 'Nov 25, 2026' },
  ],
  /** $25 of INV-2026-0101 given back on Nov 10; a note issued on Dec 1 is December's. */
  credits: [{ number: 'CN-2026-0007', amount: '-$25.00', issued: 'Nov 10, 2026' }],
  /** $474 paid less $25 credited. */
  totalPaid: '$449.00',
  previousHealthScore: 60,
};

const at = (iso: string) => new Date(iso);
const day = (n: number) => String(n).padStart(2, '0');

/** A site of the client, stored as the sites feature would keep it. */
export async function insertSite(
  database: DatabaseHandle,
  userId: string,
  values: Partial<typeof sites.$inferInsert> & { url: string },
) {
  const [site] = await database.db
    .insert(sites)
    .values({ userId, createdAt: at('2026-09-10T15:00:00Z'), ...values })
    .returning();
  return site!;
}

/**
 * The client's subscription history as its transitions write it (subscription_events): when
 * the plan was activated and when it ended (`periodEnd`: the period it ran to, which the
 * daily run ends after it passed).
 */
export async function planHistory(
  database: DatabaseHandle,
  userId: string,
  events: Array<{ kind: 'activated' | 'canceled'; at: string; periodEnd?: string }>,
) {
  const [subscription] = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  for (const event of events) {
    await database.db.insert(subscriptionEvents).values({
      userId,
      subscriptionId: subscription!.id,
      kind: event.kind,
      status: event.kind === 'activated' ? 'active' : 'canceled',
      tier: subscription!.tier,
      monthlyPriceCents: 0,
      periodEnd: event.periodEnd ? at(event.periodEnd) : null,
      occurredAt: at(event.at),
    });
  }
}

/**
 * A Signature client who joined on Sep 10, 2026, with one site (`url`, a stand-in page the
 * analyser reads) and the November above; October's health score was 60.
 */
export async function clientWithNovember(
  database: DatabaseHandle,
  url: string,
  overrides: Parameters<typeof createClient>[1] = {},
) {
  const client = await createClient(database, {
    createdAt: at('2026-09-10T15:00:00Z'),
    businessName: 'Broussard Bakery',
    ...overrides,
  });
  await database.db
    .insert(subscriptions)
    .values({ userId: client.id, tier: 'signature', status: 'active' });
  await planHistory(database, client.id, [{ kind: 'activated', at: '2026-09-10T15:00:00Z' }]);
  const site = await insertSite(database, client.id, {
    url,
    certificateExpiresAt: at('2027-01-12T18:00:00Z'),
    domainExpiresAt: at('2027-03-03T18:00:00Z'),
  });
  const db = database.db;

  const hours: Array<typeof siteCheckHours.$inferInsert> = [];
  for (let n = 1; n <= 14; n++) {
    hours.push({
      siteId: site.id,
      hour: at(`2026-11-${day(n)}T12:00:00Z`),
      checks: 12,
      failures: 0,
      responseMsMedian: 312,
      responseMsMax: 500,
    });
  }
  hours.push({
    siteId: site.id,
    hour: at('2026-11-03T10:00:00Z'),
    checks: 12,
    failures: 6,
    responseMsMedian: 900,
    responseMsMax: 4000,
  });
  // Raw checks still cover this hour: its roll-up must not count beside them.
  hours.push({
    siteId: site.id,
    hour: at('2026-11-15T15:00:00Z'),
    checks: 100,
    failures: 100,
    responseMsMedian: 9000,
    responseMsMax: 9000,
  });
  await db.insert(siteCheckHours).values(hours);

  const checks: Array<typeof siteChecks.$inferInsert> = [];
  for (let n = 15; n <= 30; n++) {
    [180, 220, 240, 260].forEach((responseMs, index) => {
      const failed = n === 20 && index === 3;
      checks.push({
        siteId: site.id,
        checkedAt: at(`2026-11-${day(n)}T${15 + index}:00:00Z`),
        ok: !failed,
        statusCode: failed ? 503 : 200,
        responseMs,
        reason: failed ? 'HTTP 503' : null,
      });
    });
  }
  // Nov 30 at 11:30 PM in Chicago: November's. Oct 31 at 11:30 PM and Dec 1 at 12:30 AM: not.
  checks[checks.length - 1]!.checkedAt = at('2026-12-01T05:30:00Z');
  for (const outside of ['2026-11-01T04:30:00Z', '2026-12-01T06:30:00Z']) {
    checks.push({
      siteId: site.id,
      checkedAt: at(outside),
      ok: false,
      statusCode: null,
      responseMs: null,
      reason: 'Did not answer in time',
    });
  }
  await db.insert(siteChecks).values(checks);

  await db.insert(siteIncidents).values([
    {
      siteId: site.id,
      startedAt: at('2026-10-31T12:00:00Z'),
      endedAt: at('2026-10-31T12:20:00Z'),
      reason: 'October outage',
    },
    {
      siteId: site.id,
      startedAt: at('2026-11-03T10:00:00Z'),
      endedAt: at('2026-11-03T11:30:00Z'),
      reason: 'HTTP 503',
    },
    {
      siteId: site.id,
      startedAt: at('2026-12-01T04:00:00Z'),
      endedAt: null,
      reason: 'Did not answer in time',
    },
  ]);
  await db.insert(siteHealthScores).values({
    siteId: site.id,
    month: '2026-10',
    score: NOVEMBER.previousHealthScore,
    issues: [],
    measuredAt: at('2026-11-01T13:00:00Z'),
  });

  const ticket = (values: Partial<typeof tickets.$inferInsert>) => ({
    userId: client.id,
    subject: 'Change the opening hours',
    description: 'Please change the opening hours on the home page.',
    ...values,
  });
  const minutesAfter = (iso: string, minutes: number) =>
    new Date(at(iso).getTime() + minutes * 60_000);
  await db.insert(tickets).values([
    // October: opened then, resolved in November; an update of October's.
    ticket({
      kind: 'update',
      createdAt: at('2026-10-28T15:00:00Z'),
      firstResponseAt: at('2026-10-28T15:10:00Z'),
      status: 'resolved',
      updatedAt: at('2026-11-02T16:00:00Z'),
    }),
    ticket({
      kind: 'update',
      createdAt: at('2026-11-05T15:00:00Z'),
      firstResponseAt: minutesAfter('2026-11-05T15:00:00Z', 30),
      status: 'in_progress',
      updatedAt: at('2026-11-05T16:00:00Z'),
    }),
    ticket({
      kind: 'update',
      createdAt: at('2026-11-10T15:00:00Z'),
      firstResponseAt: minutesAfter('2026-11-10T15:00:00Z', 90),
      status: 'resolved',
      updatedAt: at('2026-11-11T15:00:00Z'),
    }),
    ticket({
      kind: 'update',
      createdAt: at('2026-11-20T15:00:00Z'),
      firstResponseAt: minutesAfter('2026-11-20T15:00:00Z', 45),
      status: 'in_progress',
      updatedAt: at('2026-11-20T16:00:00Z'),
    }),
    ticket({
      kind: 'question',
      createdAt: at('2026-11-29T15:00:00Z'),
      status: 'open',
      updatedAt: at('2026-11-29T15:00:00Z'),
    }),
  ]);

  const paid = (invoiceNumber: string, total: number, paidAt: string) =>
    createInvoice(database, {
      userId: client.id,
      clientEmail: client.email!,
      invoiceNumber,
      status: 'paid',
      total,
      subtotal: total,
      paidAt: at(paidAt),
    });
  await paid('INV-2026-0099', 39_900, '2026-10-30T15:00:00Z');
  const november = await paid('INV-2026-0101', 39_900, '2026-11-02T15:00:00Z');
  await paid('INV-2026-0117', 7_500, '2026-11-25T15:00:00Z');
  await paid('INV-2026-0130', 39_900, '2026-12-01T08:00:00Z');
  const credit = (creditNoteNumber: string, amount: number, issuedAt: string) => ({
    creditNoteNumber,
    invoiceId: november.id,
    status: 'issued' as const,
    amount,
    reason: 'Goodwill',
    issuedAt: at(issuedAt),
    createdAt: at(issuedAt),
  });
  await database.db
    .insert(creditNotes)
    .values([
      credit('CN-2026-0007', 2_500, '2026-11-10T15:00:00Z'),
      credit('CN-2026-0031', 1_000, '2026-12-01T07:00:00Z'),
    ]);
  return { client, site };
}

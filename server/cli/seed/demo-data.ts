import { addDays, subDays } from 'date-fns';
import { DEFAULT_TIME_ZONE, addMonthsIn, calendarDateIn } from '@shared/dates';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_PLANS, type PlanId } from '@shared/plans';
import type { SubscriptionEventKind, SubscriptionStatus } from '@shared/schemas/subscriptions';
import type { TicketPriority, TicketStatus } from '@shared/schemas/tickets';
import type { Database } from '../../db/client';
import {
  consultations,
  identityAccounts,
  subscriptions,
  ticketMessages,
  tickets,
  users,
  type SubscriptionRow,
} from '../../db/schema';
import { recordSubscriptionEvents } from '../../features/subscriptions/subscription-history';
import { PAST_DUE_AFTER_DAYS, planMonthTerms } from '../../features/billing/billing.service';
import { markInvoiceOverdue } from '../../features/invoices/invoice-lifecycle';
import { hashPassword } from '../../lib/passwords';
import type { Services } from '../../services';

/** Every demo client signs in with this password on the built-in provider. */
export const DEMO_CLIENT_PASSWORD = 'demo-client-2026';

interface DemoClient {
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  plan: PlanId;
  status: SubscriptionStatus;
  /** Days ago the subscription started (active, past due or cancelled). */
  startedDaysAgo?: number;
  /** Months paid before a cancelled plan ended (at the end of the last of them). */
  monthsPaid?: number;
  /** A plan change asked for from the next period (an active plan). */
  changingTo?: PlanId;
}

const CLIENTS: DemoClient[] = [
  {
    firstName: 'Andre',
    lastName: 'Thibodeaux',
    businessName: 'Thibodeaux Crawfish Co.',
    phone: '(337) 555-0142',
    plan: 'signature',
    status: 'active',
    startedDaysAgo: 12,
  },
  {
    firstName: 'Celeste',
    lastName: 'Fontenot',
    businessName: 'Bayou Bloom Florist',
    phone: '(225) 555-0178',
    plan: 'essentials',
    status: 'active',
    startedDaysAgo: 25,
  },
  {
    firstName: 'Marcus',
    lastName: 'Hebert',
    businessName: 'Hebert Family Dentistry',
    phone: '(504) 555-0119',
    plan: 'prestige',
    status: 'active',
    startedDaysAgo: 40,
  },
  {
    firstName: 'Josephine',
    lastName: 'Landry',
    businessName: 'Landry Law Office',
    phone: '(318) 555-0163',
    plan: 'signature',
    status: 'active',
    startedDaysAgo: 5,
  },
  {
    firstName: 'Theo',
    lastName: 'Broussard',
    businessName: 'Broussard Roofing',
    phone: '(228) 555-0105',
    plan: 'essentials',
    status: 'active',
    startedDaysAgo: 18,
  },
  {
    firstName: 'Odile',
    lastName: 'Guidry',
    businessName: 'Gulf Breeze Realty',
    phone: '(228) 555-0187',
    plan: 'signature',
    status: 'active',
    startedDaysAgo: 70,
  },
  {
    firstName: 'Remy',
    lastName: 'Arceneaux',
    businessName: 'Magnolia Auto Repair',
    phone: '(601) 555-0131',
    plan: 'essentials',
    status: 'active',
    startedDaysAgo: 3,
  },
  {
    firstName: 'Lucille',
    lastName: 'Boudreaux',
    businessName: 'Delta Coffee Roasters',
    phone: '(662) 555-0124',
    plan: 'prestige',
    status: 'active',
    startedDaysAgo: 21,
  },
  {
    firstName: 'Felix',
    lastName: 'Comeaux',
    businessName: 'Comeaux Construction',
    phone: '(337) 555-0199',
    plan: 'signature',
    status: 'active',
    startedDaysAgo: 9,
    changingTo: 'prestige',
  },
  {
    firstName: 'Marie',
    lastName: 'Doucet',
    businessName: 'Tupelo Yoga Studio',
    phone: '(662) 555-0150',
    plan: 'signature',
    status: 'pending',
  },
  {
    firstName: 'Lucien',
    lastName: 'Benoit',
    businessName: 'Benoit Plumbing',
    phone: '(985) 555-0111',
    plan: 'essentials',
    status: 'past_due',
    startedDaysAgo: 48,
  },
  {
    firstName: 'Camille',
    lastName: 'Savoie',
    businessName: 'Savoie Bakery',
    phone: '(504) 555-0166',
    plan: 'prestige',
    status: 'canceled',
    // Two months paid, then the cancellation took effect about a month ago.
    startedDaysAgo: 95,
    monthsPaid: 2,
  },
];

const TICKETS: Array<{
  client: number;
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  conversation: Array<[admin: boolean, message: string]>;
}> = [
  {
    client: 0,
    subject: 'Add our spring menu to the site',
    description:
      'We have a new spring menu with crawfish boil specials. Can you add it to the menu page?',
    priority: 'normal',
    status: 'in_progress',
    conversation: [
      [
        true,
        'Happy to! Please send the menu as a PDF or a photo and we will lay it out this week.',
      ],
      [false, 'Sent it to your e-mail just now. Thanks!'],
    ],
  },
  {
    client: 2,
    subject: 'Online booking form shows an error',
    description:
      'Patients say the booking form shows "something went wrong" after they press submit.',
    priority: 'high',
    status: 'open',
    conversation: [],
  },
  {
    client: 5,
    subject: 'New listing photos',
    description:
      'Please replace the photos of 14 Pelican Way with the new ones from our photographer.',
    priority: 'low',
    status: 'resolved',
    conversation: [
      [true, 'Done: the new photos are live on the listing page.'],
      [false, 'They look great, thank you.'],
    ],
  },
  {
    client: 7,
    subject: 'Holiday hours banner',
    description: 'Could we have a banner on the home page with our holiday opening hours?',
    priority: 'normal',
    status: 'open',
    conversation: [[true, 'Sure. Which dates and hours should it show?']],
  },
];

/** Consultation requests; a won one came in before its client's plan started. */
const LEADS: Array<
  [name: string, business: string, status: 'new' | 'contacted' | 'won' | 'lost', daysAgo: number]
> = [
  ['Odile Guidry', 'Gulf Breeze Realty', 'won', 80],
  ['Rosalie Martin', 'Martin Pet Grooming', 'new', 75],
  ['Marcus Hebert', 'Hebert Family Dentistry', 'won', 52],
  ['Jules Leblanc', 'Leblanc Tax Services', 'new', 50],
  ['Celeste Fontenot', 'Bayou Bloom Florist', 'won', 38],
  ['Nadine Cormier', 'Cormier Catering', 'contacted', 36],
  ['Bastien Richard', 'Richard Hardware', 'contacted', 33],
  ['Theo Broussard', 'Broussard Roofing', 'won', 30],
  ['Andre Thibodeaux', 'Thibodeaux Crawfish Co.', 'won', 27],
  ['Adele Mouton', 'Mouton Dance Academy', 'lost', 24],
  ['Gabriel Lejeune', 'Lejeune Auto Glass', 'lost', 21],
  ['Josephine Landry', 'Landry Law Office', 'won', 15],
  ['Yvette Dupuis', 'Dupuis Photography', 'new', 12],
  ['Etienne Babin', 'Babin Landscaping', 'contacted', 9],
  ['Simone Trahan', 'Trahan Boutique', 'lost', 6],
  ['Pierre Castille', 'Castille Fitness', 'new', 3],
];

const emailOf = (client: { firstName: string; lastName: string }) =>
  `${client.firstName}.${client.lastName}@example.com`.toLowerCase();

export class DatabaseHasClientsError extends Error {}

export interface SeedResult {
  clients: number;
  invoices: number;
  tickets: number;
  consultations: number;
}

/**
 * A believable demo agency: a dozen clients across the three plans and every subscription
 * state, their invoices in every status, tickets with conversations, consultation requests.
 * Refuses a database that already has clients unless forced; forced, it adds only the demo
 * clients that are missing.
 */
export async function seedDemoData(
  {
    db,
    repositories,
  }: {
    db: Database;
    /** From the composition root: invoices are made the way the product makes them. */
    repositories: Pick<Services['repositories'], 'invoices' | 'payments'>;
  },
  {
    issuer,
    force = false,
    now = new Date(),
    timeZone = DEFAULT_TIME_ZONE,
  }: {
    issuer: string;
    force?: boolean;
    now?: Date;
    /** The business's calendar (BILLING_TIMEZONE): the invoices' days and the plans' months. */
    timeZone?: string;
  },
): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing!.n > 0 && !force) {
    throw new DatabaseHasClientsError(
      `This database already has ${existing!.n} client account(s); nothing was changed. Run with --force to add the demo clients anyway.`,
    );
  }
  const invoiceRepository = repositories.invoices;
  const passwordHash = await hashPassword(DEMO_CLIENT_PASSWORD);
  const result: SeedResult = { clients: 0, invoices: 0, tickets: 0, consultations: 0 };
  const userIds: Array<string | undefined> = [];

  const invoice = async (
    client: DemoClient,
    userId: string,
    subscriptionId: string,
    issued: Date,
    status: 'draft' | 'sent' | 'paid' | 'overdue',
    period: { start: Date; end: Date } | null,
  ) => {
    // The demo's plans are the spec's, as a fresh install seeds them.
    const plan = DEFAULT_PLANS.find((candidate) => candidate.id === client.plan)!;
    const { description, dueDate, notes } = planMonthTerms(plan, issued, period, timeZone);
    const created = await invoiceRepository.create({
      userId,
      clientName: `${client.firstName} ${client.lastName}`,
      clientEmail: emailOf(client),
      planType: plan.id,
      dateIssued: calendarDateIn(issued, timeZone),
      dueDate,
      notes,
      subtotal: plan.monthlyPrice,
      tax: 0,
      discount: 0,
      total: plan.monthlyPrice,
      lineItems: [
        {
          description,
          quantity: 1,
          unitPrice: plan.monthlyPrice,
          total: plan.monthlyPrice,
        },
      ],
      subscriptionId,
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
    });
    if (status !== 'draft') await invoiceRepository.issue(created.invoice.id, issued);
    if (status === 'paid') {
      await repositories.payments.record(
        {
          invoiceId: created.invoice.id,
          amount: created.invoice.total,
          currency: 'usd',
          method: 'bank_transfer',
          paidAt: addDays(issued, 1),
        },
        { requirePayable: true, flagFor: () => null },
      );
    }
    if (status === 'overdue') {
      await db.transaction((tx) => markInvoiceOverdue(tx, created.invoice.id, now));
    }
    result.invoices += 1;
  };

  for (const client of CLIENTS) {
    const email = emailOf(client);
    const [account] = await db
      .insert(identityAccounts)
      .values({
        email,
        passwordHash,
        firstName: client.firstName,
        lastName: client.lastName,
        emailVerifiedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!account) {
      userIds.push(undefined);
      continue;
    }
    const [user] = await db
      .insert(users)
      .values({
        oidcIssuer: issuer,
        oidcSubject: account.id,
        email,
        emailVerified: true,
        firstName: client.firstName,
        lastName: client.lastName,
        businessName: client.businessName,
        phoneNumber: client.phone,
        createdAt: subDays(now, (client.startedDaysAgo ?? 2) + 3),
      })
      .returning();
    userIds.push(user!.id);
    result.clients += 1;

    // The request came a day before the plan started (a pending one, yesterday); its history
    // is written as the product writes it: paying the invoices below activates and renews.
    const startedAt = subDays(now, client.startedDaysAgo ?? 0);
    const requestedAt = subDays(client.status === 'pending' ? now : startedAt, 1);
    const [subscription] = await db
      .insert(subscriptions)
      .values({
        userId: user!.id,
        tier: client.plan,
        status: 'pending',
        createdAt: requestedAt,
      })
      .returning();
    await recordSubscriptionEvents(db, 'requested', [subscription!], requestedAt);
    const subscriptionId = subscription!.id;
    if (client.status === 'pending') {
      await invoice(client, user!.id, subscriptionId, requestedAt, 'draft', null);
      continue;
    }
    // Started: the first month was invoiced and paid, then every month since (a cancelled
    // plan, its months until it ended).
    await invoice(client, user!.id, subscriptionId, requestedAt, 'paid', null);
    let periodStart = startedAt;
    let periodEnd = addMonthsIn(startedAt, 1, timeZone);
    let monthsPaid = 1;
    const renews = () =>
      client.status === 'canceled'
        ? monthsPaid < (client.monthsPaid ?? 1)
        : client.status !== 'past_due' && periodEnd <= now;
    while (renews()) {
      await invoice(client, user!.id, subscriptionId, subDays(periodEnd, 7), 'paid', {
        start: periodEnd,
        end: addMonthsIn(periodEnd, 1, timeZone),
      });
      periodStart = periodEnd;
      periodEnd = addMonthsIn(periodEnd, 1, timeZone);
      monthsPaid += 1;
    }
    if (client.status === 'past_due') {
      await invoice(client, user!.id, subscriptionId, subDays(periodEnd, 7), 'overdue', {
        start: periodEnd,
        end: addMonthsIn(periodEnd, 1, timeZone),
      });
    } else if (client.status === 'active' && periodEnd <= addDays(now, 7)) {
      await invoice(client, user!.id, subscriptionId, subDays(periodEnd, 7), 'sent', {
        start: periodEnd,
        end: addMonthsIn(periodEnd, 1, timeZone),
      });
    }
    await db
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        activatedAt: startedAt,
      })
      .where(eq(subscriptions.id, subscriptionId));
    // What happened since, each move with its history event at its time.
    const moves: Array<[SubscriptionEventKind, Date, Partial<SubscriptionRow>]> = [];
    if (client.changingTo) {
      const askedAt = subDays(now, 2);
      moves.push([
        'plan_change_requested',
        askedAt,
        {
          pendingTier: client.changingTo,
          pendingTierRequestedAt: askedAt,
          pendingTierFrom: periodEnd,
        },
      ]);
    }
    if (client.status === 'past_due') {
      moves.push(['past_due', addDays(periodEnd, PAST_DUE_AFTER_DAYS), { status: 'past_due' }]);
    }
    if (client.status === 'canceled') {
      const cancelRequestedAt = subDays(periodEnd, 20);
      moves.push([
        'cancel_requested',
        cancelRequestedAt,
        { cancelAtPeriodEnd: true, cancelRequestedAt },
      ]);
      moves.push(['canceled', periodEnd, { status: 'canceled' }]);
    }
    for (const [kind, at, values] of moves) {
      const moved = await db
        .update(subscriptions)
        .set({ ...values, updatedAt: at })
        .where(eq(subscriptions.id, subscriptionId))
        .returning();
      await recordSubscriptionEvents(db, kind, moved, at);
    }
  }

  for (const ticket of TICKETS) {
    const userId = userIds[ticket.client];
    if (!userId) continue;
    const opened = subDays(now, 6 - result.tickets);
    const [row] = await db
      .insert(tickets)
      .values({
        userId,
        subject: ticket.subject,
        description: ticket.description,
        priority: ticket.priority,
        status: ticket.status,
        createdAt: opened,
        updatedAt: addDays(opened, ticket.conversation.length),
      })
      .returning();
    if (ticket.conversation.length > 0) {
      await db.insert(ticketMessages).values(
        ticket.conversation.map(([isAdminReply, message], index) => ({
          ticketId: row!.id,
          isAdminReply,
          message,
          createdAt: addDays(opened, index + 1),
        })),
      );
    }
    result.tickets += 1;
  }

  if (result.clients > 0) {
    await db.insert(consultations).values(
      LEADS.map(([name, businessName, status, daysAgo], index) => ({
        name,
        email: emailOf({ firstName: name.split(' ')[0]!, lastName: name.split(' ')[1]! }),
        businessName,
        phone: `(504) 555-01${String(index + 10).padStart(2, '0')}`,
        details: 'Looking for a new website that brings in more customers.',
        status,
        createdAt: subDays(now, daysAgo),
      })),
    );
    result.consultations = LEADS.length;
  }
  return result;
}

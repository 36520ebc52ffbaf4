import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import type { CurrentUser } from '@shared/schemas/profile';
import type { DatabaseHandle } from '../server/db/client';
import {
  consultations,
  invoiceLineItems,
  invoices,
  proposals,
  subscriptions,
  users,
  type InvoiceRow,
  type ProposalRow,
  type User,
} from '../server/db/schema';
import { createAdminRepository } from '../server/features/admin-auth/admin-auth.repository';
import { createAdminAuthService } from '../server/features/admin-auth/admin-auth.service';
import { createAuditRepository } from '../server/features/audit/audit.repository';
import { createAuditService } from '../server/features/audit/audit.service';
import { BrowserSession, signUpThroughProvider } from './support/browser-session';

let sequence = 0;
const next = () => (sequence += 1);

export interface AdminFixture {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export async function createAdmin(database: DatabaseHandle, overrides: Partial<AdminFixture> = {}) {
  const n = next();
  const input = {
    email: `owner${n}@example.com`,
    password: `correct horse ${n}`,
    firstName: 'Morgan',
    ...overrides,
  };
  const admin = await createAdminAuthService(createAdminRepository(database.db), {
    audit: createAuditService(createAuditRepository(database.db)),
  }).create(input, 'command-line');
  return { admin, password: input.password };
}

export function newClientAccount(
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
) {
  const n = next();
  return {
    firstName: 'Camille',
    lastName: 'Broussard',
    email: `camille${n}.${Date.now()}@example.com`,
    password: 'bayou-breeze-42',
    ...overrides,
  };
}

/** A supertest agent holding a fresh admin's session cookie. */
export async function signedInAdmin(app: Express, database: DatabaseHandle) {
  const { admin, password } = await createAdmin(database);
  const agent = request.agent(app);
  const res = await agent.post('/api/admin/login').send({ email: admin.email, password });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return { agent, admin };
}

/** A client who signed up through the built-in provider, with their cookie jar. */
export async function signedInClient(
  baseUrl: string,
  overrides: Parameters<typeof newClientAccount>[0] = {},
) {
  const account = newClientAccount(overrides);
  const browser = new BrowserSession(baseUrl);
  await signUpThroughProvider(browser, account);
  const me = await browser.request('GET', '/api/auth/user');
  if (me.status !== 200) throw new Error(`client sign-in failed: ${me.status}`);
  return { browser, account, user: (await me.json()) as CurrentUser };
}

/** A signed-in client with a sent invoice of theirs for `total` cents. */
export async function clientWithSentInvoice(
  app: { baseUrl: string; database: DatabaseHandle },
  total: number,
  account: Parameters<typeof newClientAccount>[0] = {},
) {
  const client = await signedInClient(app.baseUrl, account);
  const invoice = await createInvoice(app.database, {
    userId: client.user.id,
    clientEmail: client.account.email,
    status: 'sent',
    total,
    subtotal: total,
  });
  return { client, invoice };
}

/** An invoice with one line, stored directly (amounts in cents). */
export async function createInvoice(
  database: DatabaseHandle,
  overrides: Partial<typeof invoices.$inferInsert> = {},
): Promise<InvoiceRow> {
  const n = next();
  const amount = overrides.total ?? 39_900;
  const [invoice] = await database.db
    .insert(invoices)
    .values({
      invoiceNumber: `TEST-${Date.now()}-${n}`,
      clientName: 'Camille Broussard',
      clientEmail: `client${n}@example.com`,
      status: 'draft',
      dueDate: '2026-12-31',
      subtotal: amount,
      total: amount,
      // A paid invoice's payments cover it.
      amountPaid: overrides.status === 'paid' ? amount : 0,
      ...overrides,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned no row');
  await database.db.insert(invoiceLineItems).values({
    invoiceId: invoice.id,
    position: 0,
    description: 'Monthly website plan',
    quantity: 1,
    unitPrice: amount,
    total: amount,
  });
  return invoice;
}

/** A client stored directly (no sign-in), for tests that only need the row. */
export async function createClient(
  database: DatabaseHandle,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  const n = next();
  const [user] = await database.db
    .insert(users)
    .values({
      oidcIssuer: 'https://issuer.test',
      oidcSubject: `subject-${Date.now()}-${n}`,
      email: `client${n}@example.com`,
      firstName: 'Camille',
      lastName: 'Broussard',
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  return user;
}

/** A client with a subscription in the given state. */
export async function createSubscriber(
  database: DatabaseHandle,
  values: Pick<typeof subscriptions.$inferInsert, 'tier' | 'status'> &
    Partial<typeof subscriptions.$inferInsert>,
) {
  const user = await createClient(database);
  await database.db.insert(subscriptions).values({ userId: user.id, ...values });
  return user;
}

/**
 * The invoices billing a client's subscription, oldest first: its first month's
 * (`renewal` false) or its renewals.
 */
export async function subscriptionInvoices(
  database: DatabaseHandle,
  userId: string,
  renewal: boolean,
): Promise<InvoiceRow[]> {
  const rows = await database.db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        renewal ? isNotNull(invoices.periodStart) : isNull(invoices.periodStart),
      ),
    )
    .orderBy(asc(invoices.createdAt));
  return rows.map((row) => row.invoice);
}

export async function createConsultation(database: DatabaseHandle) {
  const n = next();
  await database.db
    .insert(consultations)
    .values({ name: `Lead ${n}`, email: `lead${n}@example.com` });
}

/** A draft proposal stored directly (no plan, one item of $1,000, 50% deposit). */
export async function createProposal(
  database: DatabaseHandle,
  overrides: Partial<typeof proposals.$inferInsert> = {},
): Promise<ProposalRow> {
  const n = next();
  const [proposal] = await database.db
    .insert(proposals)
    .values({
      title: `Website ${n}`,
      recipientName: 'Marie Landry',
      recipientEmail: `marie${n}@example.com`,
      items: [{ description: 'Website build', quantity: 1, unitPrice: 100_000 }],
      depositPercent: 50,
      validUntil: '2026-12-31',
      ...overrides,
    })
    .returning();
  if (!proposal) throw new Error('proposal insert returned no row');
  return proposal;
}

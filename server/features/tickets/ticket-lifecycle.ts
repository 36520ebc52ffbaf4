import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addClockMinutes, clockMinutesBetween } from '@shared/business-hours';
import type { PlanId } from '@shared/plans';
import { clockOf, responseDue, type ResponsePolicy } from '@shared/response-targets';
import type { CreateTicket, TicketStatus } from '@shared/schemas/tickets';
import type { TicketKind } from '@shared/schemas/updates';
import type { Database, Transaction } from '../../db/client';
import { subscriptions, tickets, type TicketRow } from '../../db/schema';

/**
 * The ticket's status and its response clock, written here only (lint holds this:
 * eslint.config.js). Each transition takes the transaction it is part of, the response
 * targets in force (Settings) and the moment it happens:
 *
 * - openTicket: open, the first answer due by the plan's first-response target
 * - clientWrote: an answer owed (kept if one is already owed, else the next-response target,
 *   or what was left when the clock paused); waiting_on_client goes back to open (nothing
 *   answered yet) or in_progress
 * - agencyReplied: the answer given (the first one recorded), nothing owed; the status chosen
 * - changeStatus: waiting_on_client pauses the clock (keeping the minutes left), resolved stops
 *   it, open or in_progress after a pause starts it again with what was left
 *
 * responseDueAt is null whenever no answer is owed, the clock is paused or stopped, so the
 * support list sorts by it with an index.
 */

/** The targets in force and the moment of the transition. */
export interface ClockAt {
  policy: ResponsePolicy;
  at: Date;
}

/** The plan the client has now: an active (or past-due, still served) subscription's tier. */
async function currentPlan(tx: Transaction, userId: string): Promise<PlanId | null> {
  const [row] = await tx
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])),
    );
  return row?.tier ?? null;
}

/** What a new ticket is opened with; without a kind it is a question or problem. */
export type NewTicket = Omit<CreateTicket, 'kind'> & {
  kind?: TicketKind;
  inboundMessageId?: string;
};

/** A new ticket: open, its first answer due by the client's plan. */
export async function openTicket(
  tx: Transaction,
  userId: string,
  input: NewTicket,
  { policy, at }: ClockAt,
): Promise<TicketRow> {
  const plan = await currentPlan(tx, userId);
  const due = responseDue(policy, plan, 'first', input.priority, at);
  const [row] = await tx
    .insert(tickets)
    .values({
      userId,
      ...input,
      status: 'open',
      planAtOpen: plan,
      firstResponseDueAt: due,
      responseDueAt: due,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error('Ticket insert returned no row');
  return row;
}

async function write(
  tx: Transaction,
  id: string,
  values: Partial<Omit<TicketRow, 'id' | 'userId'>>,
): Promise<TicketRow> {
  const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning();
  if (!row) throw new Error('Ticket update returned no row');
  return row;
}

/** The answer owed from `at` on, when the clock (re)starts. */
function owedFrom(ticket: TicketRow, { policy, at }: ClockAt): Date | null {
  if (ticket.responsePausedMinutes !== null) {
    return addClockMinutes(
      at,
      ticket.responsePausedMinutes,
      clockOf(policy, ticket.planAtOpen ?? null),
    );
  }
  const kind = ticket.firstResponseAt ? 'next' : 'first';
  return responseDue(policy, ticket.planAtOpen ?? null, kind, ticket.priority, at);
}

/**
 * The client's message on `ticket` (its row locked by the caller): an answer is owed. One
 * already owed keeps its due time; waiting_on_client ends. `decided` is the status the caller
 * chose for it (the ticket's own, or 'open' when an e-mail reopens a resolved ticket).
 */
export async function clientWrote(
  tx: Transaction,
  ticket: TicketRow,
  clock: ClockAt,
  decided: TicketStatus = ticket.status,
): Promise<TicketRow> {
  const status: TicketStatus =
    decided === 'waiting_on_client' ? (ticket.firstResponseAt ? 'in_progress' : 'open') : decided;
  const due = ticket.responseDueAt ?? owedFrom(ticket, clock);
  return write(tx, ticket.id, {
    status,
    responseDueAt: due,
    responsePausedMinutes: null,
    ...(ticket.firstResponseAt ? {} : { firstResponseDueAt: due }),
    updatedAt: clock.at,
  });
}

/** The agency's reply on `ticket` (its row locked by the caller): answered, in `status`. */
export async function agencyReplied(
  tx: Transaction,
  ticket: TicketRow,
  status: TicketStatus,
  { at }: Pick<ClockAt, 'at'>,
): Promise<TicketRow> {
  return write(tx, ticket.id, {
    status,
    firstResponseAt: ticket.firstResponseAt ?? at,
    responseDueAt: null,
    responsePausedMinutes: null,
    updatedAt: at,
  });
}

/** The admin sets the status without replying: pauses, stops or restarts the clock. */
export async function changeStatus(
  tx: Transaction,
  id: string,
  status: TicketStatus,
  clock: ClockAt,
): Promise<{ before: TicketRow; after: TicketRow } | null> {
  const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  if (!before) return null;
  const { policy, at } = clock;
  let values: Partial<TicketRow> = {};
  if (status === 'resolved') {
    values = { responseDueAt: null, responsePausedMinutes: null };
  } else if (status === 'waiting_on_client') {
    if (before.responseDueAt) {
      const left = clockMinutesBetween(
        at,
        before.responseDueAt,
        clockOf(policy, before.planAtOpen ?? null),
      );
      values = { responseDueAt: null, responsePausedMinutes: Math.max(0, left) };
    }
  } else if (before.status === 'waiting_on_client' && before.responsePausedMinutes !== null) {
    const due = owedFrom(before, clock);
    values = {
      responseDueAt: due,
      responsePausedMinutes: null,
      ...(before.firstResponseAt ? {} : { firstResponseDueAt: due }),
    };
  }
  const after = await write(tx, id, { ...values, status, updatedAt: at });
  return { before, after };
}

const BATCH = 500;

/**
 * Tickets from before response clocks (migration 0037 recorded their plan and first answer):
 * their due times, counted now with the same arithmetic as every new ticket's, in the support
 * hours of the settings in force. Only they have no first-response due time (every other
 * ticket gets one when opened), so running this again finds nothing to do.
 */
export async function startEarlierClocks(db: Database, policy: ResponsePolicy): Promise<number> {
  let started = 0;
  // Written out: drizzle leaves a column unqualified in a select without joins, and inside
  // the subqueries "id" would be the message's.
  const ticketId = sql.raw('"tickets"."id"');
  for (;;) {
    const rows = await db
      .select({
        ticket: tickets,
        lastReplyAt: sql<string | null>`(select max(m.created_at) from ticket_messages m
          where m.ticket_id = ${ticketId} and m.is_admin_reply)`,
        firstUnansweredAt: sql<string | null>`(select min(m.created_at) from ticket_messages m
          where m.ticket_id = ${ticketId} and not m.is_admin_reply and m.created_at > coalesce(
            (select max(r.created_at) from ticket_messages r
              where r.ticket_id = ${ticketId} and r.is_admin_reply), '-infinity'))`,
      })
      .from(tickets)
      .where(isNull(tickets.firstResponseDueAt))
      .orderBy(asc(tickets.id))
      .limit(BATCH);
    if (rows.length === 0) return started;
    const values = rows.map(({ ticket, lastReplyAt, firstUnansweredAt }) => {
      const plan = ticket.planAtOpen ?? null;
      const firstDue =
        responseDue(policy, plan, 'first', ticket.priority, ticket.createdAt) ?? ticket.createdAt;
      let owed: Date | null = null;
      if (ticket.status !== 'resolved') {
        if (!lastReplyAt) owed = firstDue;
        else if (firstUnansweredAt) {
          owed = responseDue(policy, plan, 'next', ticket.priority, new Date(firstUnansweredAt));
        }
      }
      return sql`(${ticket.id}::uuid, ${firstDue.toISOString()}::timestamptz, ${owed?.toISOString() ?? null}::timestamptz)`;
    });
    // One statement per batch: a large install's first start stays short.
    await db.execute(sql`update tickets set first_response_due_at = v.first_due,
        response_due_at = v.owed
      from (values ${sql.join(values, sql`, `)}) as v(id, first_due, owed)
      where tickets.id = v.id`);
    started += rows.length;
  }
}

import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ResponsePolicy } from '@shared/response-targets';
import {
  CERTIFICATE_WARNING_DAYS,
  SHORT_CERTIFICATE_MAX_DAYS,
  SHORT_CERTIFICATE_WARNING_DAYS,
} from '@shared/schemas/sites';
import type { Transaction } from '../../db/client';
import { outageDuration } from '@shared/outages';
import {
  siteChecks,
  siteIncidents,
  sites,
  ticketMessages,
  tickets,
  type SiteIncidentRow,
  type SiteRow,
  type TicketRow,
} from '../../db/schema';
import { changeStatus, openTicket } from '../tickets/ticket-lifecycle';
import type { SiteCheckResult } from './site-check';

/**
 * A site's status, its failure count and its incidents, written here only (lint holds this:
 * eslint.config.js). Each transition takes the transaction it is part of, the site's row
 * (locked by the caller) and the moment it happens:
 *
 * - recordCheck: the check is stored; a pass makes the site up and closes an open incident,
 *   resolving its ticket with a note; a failure counts, and the failure that reaches
 *   `failuresBeforeDown` opens the incident (one per site: site_incidents_one_open_idx) and
 *   its support ticket, status down (the ticket of an incident that ended less than a day
 *   before is opened again with a note instead: one ticket for a site that keeps falling)
 * - stopWatching: paused, or its address changed: status unknown, the count cleared, an open
 *   incident closed without a word to anyone (it was about what is no longer watched)
 *
 * Whether people are told is decided here too, with the site's lastAlertAt: a down e-mail
 * pair at most once an hour per site (one held back goes on a failed check after the hour,
 * while its incident is open), and a recovery pair only for an incident whose down pair went
 * (its alertedAt; docs/decisions/032).
 */

/** A flapping site sends at most one pair of e-mails (down and recovery) in this window. */
export const ALERT_WINDOW_MS = 60 * 60 * 1000;
/**
 * A site down again within this time of its last incident's end takes that incident's ticket
 * again (opened again if it was resolved) instead of a new one.
 */
export const REOPEN_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CheckRules {
  failuresBeforeDown: number;
  /** The response targets in force: the incident's ticket starts its clock with them. */
  policy: ResponsePolicy;
}

/** What a recorded check changed that someone must hear of (sent after the commit). */
export interface CheckOutcome {
  site: SiteRow;
  /**
   * An incident opened by this check, with its ticket; `alert`: the down pair goes. Also an
   * incident opened earlier whose down pair the hourly window held back and goes now.
   */
  opened: { incident: SiteIncidentRow; ticket: TicketRow; alert: boolean } | null;
  /** An incident this check closed; `alert`: the recovery pair goes. */
  closed: { incident: SiteIncidentRow; ticket: TicketRow | null; alert: boolean } | null;
  /** The certificate comes within its warning threshold for the first time. */
  certificateWarning: { expiresAt: Date; days: number } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The warning threshold of a certificate: 7 days for one issued for 90 days or less, else 14. */
export function certificateWarningDays(validFrom: Date | null, validTo: Date): number {
  return validFrom && validTo.getTime() - validFrom.getTime() <= SHORT_CERTIFICATE_MAX_DAYS * DAY_MS
    ? SHORT_CERTIFICATE_WARNING_DAYS
    : CERTIFICATE_WARNING_DAYS;
}

/** Within `days` of `expiresAt` at `at` (an expired date included). */
export function withinDays(expiresAt: Date, days: number, at: Date): boolean {
  return expiresAt.getTime() - at.getTime() <= days * DAY_MS;
}

async function write(tx: Transaction, id: string, values: Partial<SiteRow>): Promise<SiteRow> {
  const [row] = await tx.update(sites).set(values).where(eq(sites.id, id)).returning();
  if (!row) throw new Error('Site update returned no row');
  return row;
}

async function openIncidentOf(tx: Transaction, siteId: string) {
  const [row] = await tx
    .select()
    .from(siteIncidents)
    .where(and(eq(siteIncidents.siteId, siteId), isNull(siteIncidents.endedAt)));
  return row ?? null;
}

/** The first failed check of the failures in a row that end with the check just stored. */
async function firstFailureOfStreak(tx: Transaction, siteId: string) {
  const lastPass = tx
    .select({ at: sql`max(${siteChecks.checkedAt})` })
    .from(siteChecks)
    .where(and(eq(siteChecks.siteId, siteId), eq(siteChecks.ok, true)));
  const [row] = await tx
    .select({ checkedAt: siteChecks.checkedAt, reason: siteChecks.reason })
    .from(siteChecks)
    .where(
      and(
        eq(siteChecks.siteId, siteId),
        eq(siteChecks.ok, false),
        gt(siteChecks.checkedAt, sql`coalesce((${lastPass}), '-infinity'::timestamptz)`),
      ),
    )
    .orderBy(asc(siteChecks.checkedAt), asc(siteChecks.id))
    .limit(1);
  return row ?? null;
}

/** The address as people read it in a subject: the host name. */
export function siteHost(url: string): string {
  return new URL(url).hostname;
}

/**
 * The ticket of the site's previous incident when that one closed less than a day before
 * `at` (REOPEN_WINDOW_MS): a site that keeps falling keeps one ticket, not one per fall.
 */
async function recentTicket(tx: Transaction, siteId: string, at: Date): Promise<TicketRow | null> {
  const [previous] = await tx
    .select({ endedAt: siteIncidents.endedAt, ticket: tickets })
    .from(siteIncidents)
    .leftJoin(tickets, eq(tickets.id, siteIncidents.ticketId))
    .where(and(eq(siteIncidents.siteId, siteId), isNotNull(siteIncidents.endedAt)))
    .orderBy(desc(siteIncidents.endedAt))
    .limit(1);
  if (!previous?.endedAt || !previous.ticket) return null;
  return at.getTime() - previous.endedAt.getTime() < REOPEN_WINDOW_MS ? previous.ticket : null;
}

/** A note of the agency's on a site's ticket, written by the checks (no admin signs it). */
async function addNote(tx: Transaction, ticketId: string, message: string, at: Date) {
  await tx
    .insert(ticketMessages)
    .values({ ticketId, isAdminReply: true, message, source: 'admin', createdAt: at });
}

/**
 * The site is down again within a day of its last incident: that incident's ticket says so,
 * and is opened again if it was resolved (its recovery resolves it: recordCheck).
 */
async function downAgain(
  tx: Transaction,
  ticket: TicketRow,
  site: SiteRow,
  reason: string,
  { at, rules }: { at: Date; rules: CheckRules },
): Promise<TicketRow> {
  await addNote(
    tx,
    ticket.id,
    `Your website ${site.url} is down again: ${reason}. We are looking into it and will write here when it is back.`,
    at,
  );
  if (ticket.status !== 'resolved') return ticket;
  const reopened = await changeStatus(tx, ticket.id, 'open', { policy: rules.policy, at });
  return reopened?.after ?? ticket;
}

/**
 * The site is back: the note on its incident's ticket says how long it was down, and the
 * ticket is resolved (opened again if the site falls within a day: downAgain).
 */
async function backUp(
  tx: Transaction,
  ticket: TicketRow,
  site: SiteRow,
  incident: SiteIncidentRow,
  { at, rules }: { at: Date; rules: CheckRules },
): Promise<TicketRow> {
  await addNote(
    tx,
    ticket.id,
    `Your website ${site.url} is back up: it was down for ${outageDuration(incident.startedAt, at)}. ` +
      'We mark this ticket resolved; it opens again by itself if the site goes down within a day. Answer here if anything still looks wrong.',
    at,
  );
  if (ticket.status === 'resolved') return ticket;
  const resolved = await changeStatus(tx, ticket.id, 'resolved', { policy: rules.policy, at });
  return resolved?.after ?? ticket;
}

/**
 * Opens the incident and its ticket (or takes the ticket of a flap: flapTicket), unless one is
 * open already: the unique partial index makes a second insert (a restart, two workers) do
 * nothing, and then no ticket is opened.
 */
async function openIncident(
  tx: Transaction,
  site: SiteRow,
  at: Date,
  rules: CheckRules,
): Promise<{ incident: SiteIncidentRow; ticket: TicketRow } | null> {
  const first = await firstFailureOfStreak(tx, site.id);
  const startedAt = first?.checkedAt ?? at;
  const reason = first?.reason ?? site.lastError ?? 'The check failed';
  const [incident] = await tx
    .insert(siteIncidents)
    .values({ siteId: site.id, startedAt, reason, createdAt: at })
    .onConflictDoNothing()
    .returning();
  if (!incident) return null;
  const recent = await recentTicket(tx, site.id, at);
  const ticket = recent
    ? await downAgain(tx, recent, site, reason, { at, rules })
    : await openTicket(
        tx,
        site.userId,
        {
          subject: `Your website ${siteHost(site.url)} is down`,
          description:
            `Our checks of ${site.url} have failed ${rules.failuresBeforeDown === 1 ? 'once' : `${rules.failuresBeforeDown} times in a row`}: ` +
            `${reason}. We are looking into it and will write here when it is back.`,
          priority: 'high',
        },
        { policy: rules.policy, at },
      );
  const [withTicket] = await tx
    .update(siteIncidents)
    .set({ ticketId: ticket.id })
    .where(eq(siteIncidents.id, incident.id))
    .returning();
  return { incident: withTicket ?? incident, ticket };
}

/** Whether the hourly window lets a down pair go at `at` (none went in the last hour). */
function mayAlert(site: SiteRow, at: Date): boolean {
  return site.lastAlertAt === null || at.getTime() - site.lastAlertAt.getTime() >= ALERT_WINDOW_MS;
}

async function markAlerted(tx: Transaction, incident: SiteIncidentRow, at: Date) {
  const [row] = await tx
    .update(siteIncidents)
    .set({ alertedAt: at })
    .where(eq(siteIncidents.id, incident.id))
    .returning();
  return row ?? { ...incident, alertedAt: at };
}

/** The certificate facts a check read, and whether its threshold warning is due now. */
function certificateFacts(site: SiteRow, result: SiteCheckResult, at: Date) {
  const certificate = result.certificate;
  if (!certificate) return { values: {}, warning: null };
  const values: Partial<SiteRow> = {
    certificateExpiresAt: certificate.validTo,
    certificateIssuedAt: certificate.validFrom,
    certificateValid: certificate.valid,
  };
  const days = certificateWarningDays(certificate.validFrom, certificate.validTo);
  const warnedAlready =
    site.certificateWarnedFor?.getTime() === certificate.validTo.getTime() &&
    site.certificateWarnedDays === days;
  if (!withinDays(certificate.validTo, days, at) || warnedAlready) return { values, warning: null };
  return {
    values: { ...values, certificateWarnedFor: certificate.validTo, certificateWarnedDays: days },
    warning: { expiresAt: certificate.validTo, days },
  };
}

/**
 * One check of `site` (its row locked by the caller, not paused), finished at `at`: stored,
 * and the site's status, count, incident and certificate facts follow from it.
 */
export async function recordCheck(
  tx: Transaction,
  site: SiteRow,
  result: SiteCheckResult,
  at: Date,
  rules: CheckRules,
): Promise<CheckOutcome> {
  await tx.insert(siteChecks).values({
    siteId: site.id,
    checkedAt: at,
    ok: result.ok,
    statusCode: result.statusCode,
    responseMs: result.responseMs === null ? null : Math.round(result.responseMs),
    reason: result.ok ? null : (result.reason ?? 'The check failed'),
  });
  const certificate = certificateFacts(site, result, at);
  const common: Partial<SiteRow> = {
    lastCheckedAt: at,
    lastResponseMs: result.responseMs === null ? null : Math.round(result.responseMs),
    ...certificate.values,
    updatedAt: at,
  };
  const open = await openIncidentOf(tx, site.id);

  if (result.ok) {
    let closed: CheckOutcome['closed'] = null;
    if (open) {
      const [ended] = await tx
        .update(siteIncidents)
        .set({ endedAt: at })
        .where(eq(siteIncidents.id, open.id))
        .returning();
      const [ticket] = open.ticketId
        ? await tx.select().from(tickets).where(eq(tickets.id, open.ticketId)).for('update')
        : [];
      closed = {
        incident: ended ?? open,
        ticket: ticket ? await backUp(tx, ticket, site, open, { at, rules }) : null,
        alert: open.alertedAt !== null,
      };
    }
    const after = await write(tx, site.id, {
      ...common,
      status: 'up',
      consecutiveFailures: 0,
      lastError: null,
    });
    return { site: after, opened: null, closed, certificateWarning: certificate.warning };
  }

  const failures = site.consecutiveFailures + 1;
  const reason = result.reason ?? 'The check failed';
  let opened: CheckOutcome['opened'] = null;
  let values: Partial<SiteRow> = { ...common, consecutiveFailures: failures, lastError: reason };
  if (failures >= rules.failuresBeforeDown && !open) {
    const made = await openIncident(tx, { ...site, lastError: reason }, at, rules);
    const alert = made !== null && mayAlert(site, at);
    if (made) {
      const incident = alert ? await markAlerted(tx, made.incident, at) : made.incident;
      opened = { incident, ticket: made.ticket, alert };
    }
    // Not made: another writer opened it a moment ago (the index let one through).
    values = { ...values, status: 'down', ...(alert && { lastAlertAt: at }) };
  } else if (open) {
    values = { ...values, status: 'down' };
    // Its down pair was held back by the hourly window: it goes now the window has passed.
    if (open.alertedAt === null && open.ticketId && mayAlert(site, at)) {
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, open.ticketId));
      if (ticket) {
        opened = { incident: await markAlerted(tx, open, at), ticket, alert: true };
        values = { ...values, lastAlertAt: at };
      }
    }
  }
  const after = await write(tx, site.id, values);
  return { site: after, opened, closed: null, certificateWarning: certificate.warning };
}

/**
 * The site is no longer watched as it was (paused, or another address): unknown until its
 * next check, the failures forgotten, an open incident closed quietly. The facts of another
 * address (certificate, RDAP's domain date) go with `forgetFacts`; a date typed by hand stays.
 */
export async function stopWatching(
  tx: Transaction,
  site: SiteRow,
  at: Date,
  { forgetFacts }: { forgetFacts: boolean },
): Promise<SiteRow> {
  await tx
    .update(siteIncidents)
    .set({ endedAt: at })
    .where(and(eq(siteIncidents.siteId, site.id), isNull(siteIncidents.endedAt)));
  const facts: Partial<SiteRow> = forgetFacts
    ? {
        lastCheckedAt: null,
        lastResponseMs: null,
        certificateExpiresAt: null,
        certificateIssuedAt: null,
        certificateValid: null,
        certificateWarnedFor: null,
        certificateWarnedDays: null,
        ...(site.domainExpirySource !== 'manual' && {
          domainExpiresAt: null,
          domainExpirySource: null,
          domainWarnedFor: null,
          domainWarnedDays: null,
        }),
        domainCheckedAt: null,
      }
    : {};
  return write(tx, site.id, {
    status: 'unknown',
    consecutiveFailures: 0,
    lastError: null,
    ...facts,
    updatedAt: at,
  });
}

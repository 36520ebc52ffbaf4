import type { Logger } from 'pino';
import { addDaysToDate, calendarDateIn } from '@shared/dates';
import { invoiceName, type CreateInvoice, type InvoiceDetail } from '@shared/schemas/invoices';
import {
  LATE_FEE_MESSAGES,
  lateFeeAmount,
  lateFeeLineDescription,
  type LateFeeSettings,
} from '@shared/schemas/late-fees';
import { balanceDue } from '@shared/schemas/payments';
import type { InvoiceRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { displayDate } from '../../lib/format';
import type { InvoiceService } from '../invoices/invoices.service';
import type { BillingRepository } from './billing.repository';

/** Days a late-fee invoice gives the client to pay: a week, as a first invoice does. */
export const LATE_FEE_TERMS_DAYS = 7;

export interface LateFeeRun {
  /** Late-fee invoices made and e-mailed by this run. */
  applied: number;
  /** Made, but the e-mail was refused: left as drafts for the owner to send. */
  notSent: number;
}

export interface LateFeeDeps {
  repository: Pick<BillingRepository, 'dueForLateFee' | 'taxRateIdsOf'>;
  invoices: Pick<InvoiceService, 'create' | 'email'>;
  /** The late-fee terms of Settings (percent in thousandths), and when they were turned on. */
  settings: () => Promise<LateFeeSettings & { enabledAt: Date | null }>;
  logger: Logger;
  now: () => Date;
  /** The business's calendar (BILLING_TIMEZONE): a grace period ends on its days. */
  timeZone: string;
}

/** The last due date whose grace period has ended by `today`: due + grace days < today. */
export function lastDueDateCharged(today: string, graceDays: number): string {
  return addDaysToDate(today, -(graceDays + 1));
}

/** The day after which an invoice due on `dueDate` is charged its late fee. */
export const lateFeeAppliesAfter = (dueDate: string, graceDays: number): string =>
  addDaysToDate(dueDate, graceDays);

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === '23505') return true;
  return 'cause' in error && isUniqueViolation(error.cause);
}

/**
 * A step of the daily billing run (issue 39): each sent or overdue invoice whose grace period
 * has ended with a balance due gets one late-fee invoice of its own, linked to it (the
 * original's number and total never change), e-mailed like any invoice, never charged to a
 * saved card. Once per invoice across restarts and processes: the link is unique, so a run that
 * loses the race to another is refused by the database and moves on.
 */
export function createLateFees({
  repository,
  invoices,
  settings,
  logger,
  now,
  timeZone,
}: LateFeeDeps) {
  async function feeInvoice(original: InvoiceRow, fee: LateFeeSettings, today: string) {
    const number = invoiceName(original);
    const input: CreateInvoice = {
      clientName: original.clientName,
      clientEmail: original.clientEmail,
      dueDate: addDaysToDate(today, LATE_FEE_TERMS_DAYS),
      notes: `${lateFeeLineDescription(number)}, which was due ${displayDate(original.dueDate, timeZone)}.`,
      lineItems: [
        {
          description: lateFeeLineDescription(number),
          quantity: 1,
          unitPrice: lateFeeAmount(fee, balanceDue(original)),
          taxable: fee.taxable,
        },
      ],
      // Taxed only when the settings say so, and then with the original's own rates.
      taxRateIds: fee.taxable ? await repository.taxRateIdsOf(original.id) : [],
      tax: 0,
      discount: 0,
    };
    return invoices.create(input, { userId: original.userId, lateFeeForInvoiceId: original.id });
  }

  return async function applyLateFees(): Promise<LateFeeRun> {
    const run: LateFeeRun = { applied: 0, notSent: 0 };
    const fee = await settings();
    if (!fee.enabled || !fee.enabledAt) return run;
    const today = calendarDateIn(now(), timeZone);
    for (const original of await repository.dueForLateFee(
      lastDueDateCharged(today, fee.graceDays),
      fee.enabledAt,
    )) {
      if (lateFeeAmount(fee, balanceDue(original)) <= 0) continue;
      let created: InvoiceDetail;
      try {
        created = await feeInvoice(original, fee, today);
      } catch (error) {
        // Another run (a restart, a second process) charged this invoice's fee first.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      try {
        await invoices.email(created.invoice.id);
        run.applied += 1;
      } catch (error) {
        run.notSent += 1;
        logger.error(
          { err: error, invoiceId: created.invoice.id },
          'late-fee invoice left as a draft: it could not be e-mailed',
        );
      }
    }
    return run;
  };
}

/**
 * The owner waives a late fee: its invoice is voided with the reason (the client is told, as of
 * any void). The void row keeps the link, so the run never charges that invoice's fee again.
 * A draft (the run could not e-mail it) is numbered first, without an e-mail, as only a sent
 * invoice is voided and a void keeps its number; it cannot be deleted, as the run would then
 * charge the fee again.
 */
export function createWaiveLateFee(invoices: Pick<InvoiceService, 'detail' | 'void' | 'markSent'>) {
  return async function waiveLateFee(
    id: string,
    reason: string,
    actor: AuditActor,
  ): Promise<InvoiceDetail> {
    const current = await invoices.detail(id);
    if (!current.invoice.lateFeeForInvoiceId) {
      throw new AppError(409, LATE_FEE_MESSAGES.notALateFee);
    }
    if (current.invoice.status === 'draft') await invoices.markSent(id, actor);
    return invoices.void(id, reason, actor);
  };
}

import type { BusinessSettings } from '@shared/schemas/settings';
import { addDaysToDate, calendarDateIn } from '@shared/dates';
import { balanceDue } from '@shared/schemas/payments';
import { lateFeeAmount, lateFeeWarning, type LateFeeSettings } from '@shared/schemas/late-fees';
import type { InvoiceRow } from '../../db/schema';
import { displayDate } from '../../lib/format';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentEmails } from '../payments/payments.emails';
import type { BillingRepository } from './billing.repository';

/** The late-fee terms, and since when they are on (null while off). */
export type LateFeeTerms = LateFeeSettings & { enabledAt: Date | null };

export interface PaymentReminderDeps {
  repository: Pick<BillingRepository, 'overdueForReminders' | 'claimReminder' | 'findClient'>;
  /** The settings' reminder days (the settings feature). */
  settings: () => Promise<Pick<BusinessSettings, 'remindersEnabled' | 'reminderDays'>>;
  /**
   * The late-fee terms (issue 39) and when they were turned on: a reminder before the grace
   * period ends warns of the fee, on the invoices the run would charge it to.
   */
  lateFees?: () => Promise<LateFeeTerms | null>;
  payLinks: Pick<PayLinks, 'howToPay'>;
  notifications: Pick<PaymentEmails, 'paymentReminder'>;
  now: () => Date;
  /** The business's calendar (BILLING_TIMEZONE), whose days the reminder days count. */
  timeZone: string;
}

/**
 * A step of the daily billing run: reminders of overdue invoices on the settings' days after
 * the due date, one e-mail a run at most per invoice (a missed day is caught up by one
 * reminder, not several).
 */
export function createPaymentReminders({
  repository,
  settings,
  lateFees = async () => null,
  payLinks,
  notifications,
  now,
  timeZone,
}: PaymentReminderDeps) {
  /**
   * "A late fee of $X applies after <date>." while the invoice's grace period has not ended,
   * when it is no fee itself, its client is not exempt and it was sent while fees were on (the
   * run charges no other: late-fees.ts); else null.
   */
  async function warning(invoice: InvoiceRow, fee: LateFeeTerms | null, today: string) {
    if (!fee?.enabled || !fee.enabledAt || invoice.lateFeeForInvoiceId) return null;
    if (!invoice.sentAt || invoice.sentAt < fee.enabledAt) return null;
    const appliesAfter = addDaysToDate(invoice.dueDate, fee.graceDays);
    if (today > appliesAfter) return null;
    const amount = lateFeeAmount(fee, balanceDue(invoice));
    if (amount <= 0) return null;
    const client = invoice.userId ? await repository.findClient(invoice.userId) : null;
    if (client?.lateFeeExempt) return null;
    return lateFeeWarning(amount, displayDate(appliesAfter, timeZone));
  }

  return async function sendReminders(): Promise<number> {
    const { remindersEnabled, reminderDays } = await settings();
    if (!remindersEnabled || reminderDays.length === 0) return 0;
    const fee = await lateFees();
    const today = calendarDateIn(now(), timeZone);
    let sent = 0;
    for (const invoice of await repository.overdueForReminders(reminderDays.length, today)) {
      const due = reminderDays.filter((days) => addDaysToDate(invoice.dueDate, days) <= today);
      if (due.length <= invoice.remindersSent) continue;
      if (!(await repository.claimReminder(invoice.id, invoice.remindersSent, due.length))) {
        continue;
      }
      await notifications.paymentReminder(
        {
          ...invoice,
          balanceDue: balanceDue(invoice),
          lateFeeWarning: await warning(invoice, fee, today),
        },
        await payLinks.howToPay(invoice),
      );
      sent += 1;
    }
    return sent;
  };
}

import type { BusinessSettings } from '@shared/schemas/settings';
import { addDaysToDate, calendarDateIn } from '@shared/dates';
import { balanceDue } from '@shared/schemas/payments';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentEmails } from '../payments/payments.emails';
import type { BillingRepository } from './billing.repository';

export interface PaymentReminderDeps {
  repository: Pick<BillingRepository, 'overdueForReminders' | 'claimReminder'>;
  /** The settings' reminder days (the settings feature). */
  settings: () => Promise<Pick<BusinessSettings, 'remindersEnabled' | 'reminderDays'>>;
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
  payLinks,
  notifications,
  now,
  timeZone,
}: PaymentReminderDeps) {
  return async function sendReminders(): Promise<number> {
    const { remindersEnabled, reminderDays } = await settings();
    if (!remindersEnabled || reminderDays.length === 0) return 0;
    const today = calendarDateIn(now(), timeZone);
    let sent = 0;
    for (const invoice of await repository.overdueForReminders(reminderDays.length, today)) {
      const due = reminderDays.filter((days) => addDaysToDate(invoice.dueDate, days) <= today);
      if (due.length <= invoice.remindersSent) continue;
      if (!(await repository.claimReminder(invoice.id, invoice.remindersSent, due.length))) {
        continue;
      }
      await notifications.paymentReminder(
        { ...invoice, balanceDue: balanceDue(invoice) },
        await payLinks.howToPay(invoice),
      );
      sent += 1;
    }
    return sent;
  };
}

import { addMonthsToMonth } from '@shared/dates';
import {
  EARLIER_UNBILLED_MONTHS,
  type ClientUpdates,
  type UpdateAllowanceSettings,
  type UpdatesMeter,
} from '@shared/schemas/updates';
import type { AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InvoiceService } from '../invoices/invoices.service';
import { createExtraUpdates } from './extra-updates';
import type { PlanReader } from '../plans/plans.service';
import { createUpdatesMeter } from './updates-meter';
import type { UpdatesRepository } from './updates.repository';

export const CLIENT_NOT_FOUND = 'Client not found';

export interface UpdatesServiceDeps {
  repository: UpdatesRepository;
  /** Each plan's updates per month and the price of one more (Settings). */
  allowance: () => Promise<UpdateAllowanceSettings>;
  /** The plan catalogue: each plan's updates per month. */
  plans: PlanReader;
  invoices: Pick<InvoiceService, 'addToDraft'>;
  audit: AuditTrail;
  /** Billing extra updates one at a time (a database lock, services.ts). */
  serialize: <T>(work: () => Promise<T>) => Promise<T>;
  now?: () => Date;
  /** BILLING_TIMEZONE: the months the updates count in. */
  timeZone: string;
}

/**
 * The website updates a plan includes (issue 28): the month's meter for the client and the
 * admin, and an update beyond the plan billed as an extra in one click.
 */
export function createUpdatesService({
  repository,
  allowance,
  plans,
  invoices,
  audit,
  serialize,
  now = () => new Date(),
  timeZone,
}: UpdatesServiceDeps) {
  const meter = createUpdatesMeter({ repository, allowance, plans, now, timeZone });
  return {
    /** GET /api/updates: the signed-in client's meter of this month. */
    async meter(userId: string): Promise<UpdatesMeter> {
      return (await meter.monthOf(userId, meter.currentMonth())).meter;
    },

    /** A client's meter and update requests of `month` (the monthly report's). */
    monthOf: meter.monthOf,

    /**
     * GET /api/admin/clients/{id}/updates: this month's meter and requests, and the earlier
     * months' updates beyond the plan not billed yet (billed on the 1st for the 31st).
     */
    async clientUpdates(id: string): Promise<ClientUpdates> {
      const client = await repository.findClient(existingId(id, CLIENT_NOT_FOUND));
      if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
      const month = meter.currentMonth();
      const earlierMonths = Array.from({ length: EARLIER_UNBILLED_MONTHS }, (_, index) =>
        addMonthsToMonth(month, index - EARLIER_UNBILLED_MONTHS),
      );
      const [current, ...earlier] = await Promise.all(
        [month, ...earlierMonths].map((each) => meter.monthOf(client.id, each)),
      );
      return {
        ...current!,
        earlier: earlier.flatMap(({ requests }) =>
          requests.filter((request) => request.beyondPlan && !request.invoiceId),
        ),
      };
    },

    /** POST /api/admin/tickets/{id}/extra-update (extra-updates.ts). */
    billExtraUpdate: createExtraUpdates({
      repository,
      meter,
      invoices,
      audit,
      serialize,
      timeZone,
    }),
  };
}
export type UpdatesService = ReturnType<typeof createUpdatesService>;

import type { AppliedRate } from '@shared/tax';
import { thousandthsToPercent } from '@shared/tax';
import {
  TAX_MESSAGES,
  type ClientTaxSettings,
  type CreateTaxRate,
  type TaxRate,
  type TaxRateList,
  type UpdateTaxRate,
} from '@shared/schemas/tax';
import type { TaxRateRow } from '../../db/schema';
import type { AuditActor, AuditTrail, AuditValues } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { TaxRateWithUse, TaxRepository } from './tax.repository';

export const CLIENT_NOT_FOUND = 'Client not found';

export function toTaxRate(row: TaxRateWithUse): TaxRate {
  return {
    id: row.id,
    name: row.name,
    percent: thousandthsToPercent(row.percentThousandths),
    isDefault: row.isDefault,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    used: row.used,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A rate as an invoice copies it. */
const applied = (row: TaxRateRow): AppliedRate => ({
  taxRateId: row.id,
  name: row.name,
  percentThousandths: row.percentThousandths,
});

/** What the audit log keeps of a rate. */
const audited = (row: TaxRateRow) => ({
  name: row.name,
  percent: thousandthsToPercent(row.percentThousandths),
  isDefault: row.isDefault,
  retired: row.retiredAt !== null,
});

/** Whether a client is tax-exempt, and the certificate their invoices print. */
export interface TaxExemption {
  exempt: boolean;
  certificate: string | null;
}

export interface TaxServiceDeps {
  repository: TaxRepository;
  audit: AuditTrail;
  now?: () => Date;
}

/**
 * Sales tax (issue 39, docs/books.md "Sales tax"): the agency's named rates in Settings, how
 * each client is taxed, and the rates an invoice applies (the invoices and billing features
 * are handed these through the composition root).
 */
export function createTaxService({ repository, audit, now = () => new Date() }: TaxServiceDeps) {
  const rateId = (id: string) => existingId(id, TAX_MESSAGES.rateNotFound);

  async function found(id: string): Promise<TaxRateWithUse> {
    const row = await repository.find(rateId(id));
    if (!row) throw new AppError(404, TAX_MESSAGES.rateNotFound);
    return row;
  }

  async function record(actor: AuditActor, id: string, before: AuditValues, after: AuditValues) {
    await audit.record(actor, {
      kind: 'settings.updated',
      targetType: 'tax_rate',
      targetId: id,
      before,
      after,
    });
  }

  /**
   * The active rates of these ids, in the order given, as an invoice copies them: 400 when one
   * is unknown or retired.
   */
  async function activeRates(ids: readonly string[]): Promise<AppliedRate[]> {
    const rows = await repository.findMany(ids);
    return ids.map((id) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw new AppError(400, TAX_MESSAGES.rateNotFound);
      if (row.retiredAt) throw new AppError(400, TAX_MESSAGES.rateRetired);
      return applied(row);
    });
  }

  async function clientSettings(clientId: string): Promise<ClientTaxSettings> {
    const settings = await repository.clientSettings(existingId(clientId, CLIENT_NOT_FOUND));
    if (!settings) throw new AppError(404, CLIENT_NOT_FOUND);
    return settings;
  }

  /** Whether the invoice's client (if it has an account) is tax-exempt. */
  async function exemption(clientId: string | null | undefined): Promise<TaxExemption> {
    const settings = clientId ? await repository.clientSettings(clientId) : null;
    return settings?.taxExempt
      ? { exempt: true, certificate: settings.taxExemptCertificate }
      : { exempt: false, certificate: null };
  }

  return {
    async list(includeRetired: boolean): Promise<TaxRateList> {
      return { items: (await repository.list(includeRetired)).map(toTaxRate) };
    },

    async create(actor: AuditActor, input: CreateTaxRate): Promise<TaxRate> {
      if (await repository.activeNameTaken(input.name)) {
        throw new AppError(409, TAX_MESSAGES.nameTaken);
      }
      const row = await repository.create({
        name: input.name,
        percentThousandths: input.percent,
        isDefault: input.isDefault,
      });
      await record(actor, row.id, {}, audited(row));
      return toTaxRate({ ...row, used: false });
    },

    /** Renamed, or made a default or not; a retired rate cannot become a default. */
    async update(actor: AuditActor, id: string, patch: UpdateTaxRate): Promise<TaxRate> {
      const before = await found(id);
      if (patch.name !== undefined && (await repository.activeNameTaken(patch.name, before.id))) {
        throw new AppError(409, TAX_MESSAGES.nameTaken);
      }
      if (patch.isDefault && before.retiredAt) throw new AppError(409, TAX_MESSAGES.rateRetired);
      const row = await repository.update(before.id, patch, now());
      if (!row) throw new AppError(404, TAX_MESSAGES.rateNotFound);
      await record(actor, row.id, audited(before), audited(row));
      return toTaxRate({ ...row, used: before.used });
    },

    /** No new invoice can choose it; the invoices that used it keep it. */
    async retire(actor: AuditActor, id: string): Promise<TaxRate> {
      const before = await found(id);
      const row = await repository.retire(before.id, now());
      if (!row) throw new AppError(404, TAX_MESSAGES.rateNotFound);
      if (!before.retiredAt) await record(actor, row.id, audited(before), audited(row));
      return toTaxRate({ ...row, used: before.used });
    },

    /** Only a rate nothing uses: one on an invoice, client or proposal is retired instead. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const removed = await repository.remove(rateId(id));
      if (!removed) throw new AppError(404, TAX_MESSAGES.rateNotFound);
      if (removed === 'used') throw new AppError(409, TAX_MESSAGES.rateUsed);
      await record(actor, removed.id, audited(removed), {});
    },

    clientSettings,

    /** Exempt or not (with the certificate), the client's own rates, no late fee. */
    async saveClientSettings(
      actor: AuditActor,
      clientId: string,
      input: ClientTaxSettings,
    ): Promise<ClientTaxSettings> {
      const before = await clientSettings(clientId);
      await activeRates(input.taxRateIds);
      const saved = await repository.saveClientSettings(clientId, input, now());
      if (!saved) throw new AppError(404, CLIENT_NOT_FOUND);
      const after = await clientSettings(clientId);
      await audit.record(actor, {
        kind: 'client.details_updated',
        targetType: 'client',
        targetId: clientId,
        before: { tax: before },
        after: { tax: after },
      });
      return after;
    },

    activeRates,

    exemption,

    /**
     * The rates a renewal (or a plan's first invoice) applies: the client's own when it has
     * any (those still active), else the agency's default rates; none for an exempt client.
     */
    async renewalRateIds(clientId: string): Promise<string[]> {
      if ((await exemption(clientId)).exempt) return [];
      const own = await repository.clientRates(clientId);
      const rates = own.length > 0 ? own : await repository.defaults();
      return rates.filter((rate) => rate.retiredAt === null).map((rate) => rate.id);
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;

import type { AccountingSettings, ExportKind } from '@shared/schemas/exports';
import type { TaxReport, TaxReportQuery } from '@shared/schemas/tax';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import type { AccountingRepository } from './accounting.repository';
import { accountingSettings, saveAccountingSettings } from './accounting-settings';
import type { Period } from './book-rows';
import { writeExport, type ChunkWriter } from './export-files';
import { taxReport } from './tax-report';
import { taxReportCsv } from './tax-tally';

export type { ChunkWriter } from './export-files';
export { EXPORT_FILE_NAMES } from './export-files';

/** The books (issue 39): the tax report, the accountant's files and the ledger accounts. */
export function createAccountingService(deps: {
  repository: AccountingRepository;
  audit: AuditTrail;
}) {
  return {
    taxReport: (query: Pick<TaxReportQuery, 'from' | 'to' | 'basis'>): Promise<TaxReport> =>
      taxReport(deps.repository, query),
    /** The report's CSV lines (a handful: one per rate and the totals). */
    taxReportCsv,
    writeExport: (kind: ExportKind, period: Period, write: ChunkWriter) =>
      writeExport(deps.repository, kind, period, write),
    settings: (): Promise<AccountingSettings> => accountingSettings(deps.repository),
    saveSettings: (values: AccountingSettings, actor: AuditActor) =>
      saveAccountingSettings(deps, values, actor),
  };
}
export type AccountingService = ReturnType<typeof createAccountingService>;

import { once } from 'node:events';
import { Router, type Request, type Response } from 'express';
import { CSV_BOM } from '@shared/csv';
import {
  AccountingSettingsSchema,
  ExportKindSchema,
  ExportQuerySchema,
} from '@shared/schemas/exports';
import { TaxReportQuerySchema } from '@shared/schemas/tax';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import { EXPORT_FILE_NAMES, type AccountingService, type ChunkWriter } from './accounting.service';

function csvHeaders(res: Response, name: string) {
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}.csv"`,
    'Cache-Control': 'no-store',
  });
}

/**
 * The response as a chunk writer with backpressure: the file's headers go with the first chunk
 * (a failure before it is still answered as an error, not as a file); a write the socket cannot
 * take yet waits for 'drain'; a visitor who goes away stops the export (the next write fails).
 */
function writerFor(res: Response, name: string): ChunkWriter {
  return async (chunk) => {
    if (res.destroyed || res.writableEnded) throw new Error('The download was closed');
    if (!res.headersSent) csvHeaders(res, name);
    if (res.write(chunk)) return;
    await Promise.race([
      once(res, 'drain'),
      once(res, 'close').then(() => {
        throw new Error('The download was closed');
      }),
    ]);
  };
}

/** Behind requireAdmin: the tax report, the accountant's files and the ledger accounts. */
export function adminAccountingRoutes(service: AccountingService): Router {
  const router = Router();
  router.get('/reports/tax', async (req, res) => {
    const query = parse(TaxReportQuerySchema, req.query);
    const report = await service.taxReport(query);
    if (query.format === 'json') {
      res.json(report);
      return;
    }
    csvHeaders(res, `tax-report-${query.basis}-${query.from}-to-${query.to}`);
    res.send(CSV_BOM + service.taxReportCsv(report).join(''));
  });

  router.get('/exports/:kind', async (req: Request<{ kind: string }>, res) => {
    const kind = parse(ExportKindSchema, req.params.kind);
    const period = parse(ExportQuerySchema, req.query);
    const name = `${EXPORT_FILE_NAMES[kind]}-${period.from}-to-${period.to}`;
    await service.writeExport(kind, period, writerFor(res, name));
    res.end();
  });

  router.get('/settings/accounting', async (_req, res) => {
    res.json(await service.settings());
  });
  router.put('/settings/accounting', async (req, res) => {
    const values = parse(AccountingSettingsSchema, req.body);
    res.json(await service.saveSettings(values, actorOf(currentAdmin(res))));
  });
  return router;
}

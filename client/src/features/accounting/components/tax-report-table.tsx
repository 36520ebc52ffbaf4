import type { TaxReport } from '@shared/schemas/tax';
import { formatCents } from '@shared/money';

/** The tax report: a row per rate, then the period's totals; a card per rate on a phone. */
export function TaxReportTable({ report }: { report: TaxReport }) {
  const money = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="space-y-4">
      <ul className="space-y-3 sm:hidden" aria-label="Sales tax by rate">
        {[...report.rows, null].map((row) => (
          <li key={row?.taxRateId ?? (row ? 'legacy' : 'total')} className="rounded border p-3">
            <p className="font-medium">
              {row ? `${row.name}${row.percent === null ? '' : ` (${row.percent}%)`}` : 'Total'}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {(
                [
                  ['Taxable sales', (row ?? report).taxableSales],
                  ['Tax collected', (row ?? report).taxCollected],
                  ['Tax refunded', (row ?? report).taxRefunded],
                  ['Net tax', (row ?? report).netTax],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right tabular-nums">{formatCents(cents)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded border sm:block">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Sales tax by rate</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Tax rate
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Taxable sales
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Tax collected
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Tax refunded
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Net tax
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                  No tax was charged or refunded in this period.
                </td>
              </tr>
            ) : (
              report.rows.map((row) => (
                <tr key={row.taxRateId ?? 'legacy'} className="border-t">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {row.name}
                    {row.percent === null ? '' : ` (${row.percent}%)`}
                  </th>
                  <td className={money}>{formatCents(row.taxableSales)}</td>
                  <td className={money}>{formatCents(row.taxCollected)}</td>
                  <td className={money}>{formatCents(row.taxRefunded)}</td>
                  <td className={money}>{formatCents(row.netTax)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot className="border-t bg-muted/30 font-medium">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              <td className={money}>{formatCents(report.taxableSales)}</td>
              <td className={money}>{formatCents(report.taxCollected)}</td>
              <td className={money}>{formatCents(report.taxRefunded)}</td>
              <td className={money}>{formatCents(report.netTax)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Total sales</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatCents(report.totalSales)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Taxable sales</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatCents(report.taxableSales)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Exempt or untaxed sales</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatCents(report.exemptSales)}</dd>
        </div>
      </dl>
    </div>
  );
}

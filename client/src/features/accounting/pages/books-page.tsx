import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { EXPORT_KINDS, EXPORT_LABELS } from '@shared/schemas/exports';
import { TAX_REPORT_BASES, type TaxReportBasis } from '@shared/schemas/tax';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { businessToday, formatDate } from '@/lib/dates';
import { useSearchParam } from '@/lib/use-search-param';
import { paths } from '@/lib/paths';
import { exportHref } from '../api/export-file';
import { taxReportCsvHref, useTaxReport } from '../api/get-tax-report';
import { TaxReportTable } from '../components/tax-report-table';
import { PERIOD_PRESETS, presetDates, type PeriodPreset } from '../period';

const BASIS_LABELS: Record<TaxReportBasis, string> = { accrual: 'Accrual', cash: 'Cash' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const EXPORT_HINTS: Record<(typeof EXPORT_KINDS)[number], string> = {
  'xero-invoices': 'Xero › Sales › Invoices › Import: a row per line, credit notes as negatives.',
  'quickbooks-invoices': 'QuickBooks Online › Settings › Import data › Invoices.',
  payments: 'Each payment received, with its refunds, Stripe fee and payout.',
  journal: 'One general journal whose every entry balances: for any accounting product.',
};

/** The period in the address: a preset (this month by default) or custom dates. */
function usePeriod() {
  const [presetParam, setPreset] = useSearchParam('period');
  const [fromParam, setFrom] = useSearchParam('from');
  const [toParam, setTo] = useSearchParam('to');
  const preset = (PERIOD_PRESETS.find((p) => p.value === presetParam)?.value ??
    'this-month') as PeriodPreset;
  const today = businessToday();
  const dates =
    preset === 'custom'
      ? {
          from:
            fromParam && DATE.test(fromParam) ? fromParam : presetDates('this-month', today).from,
          to: toParam && DATE.test(toParam) ? toParam : today,
        }
      : presetDates(preset, today);
  return { preset, dates, setPreset, setFrom, setTo };
}

/** /admin/books: the tax report of a period and the accountant's four files. */
export function BooksPage() {
  const { preset, dates, setPreset, setFrom, setTo } = usePeriod();
  const [basisParam, setBasis] = useSearchParam('basis');
  const basis: TaxReportBasis = basisParam === 'cash' ? 'cash' : 'accrual';
  const valid = dates.from <= dates.to;
  const report = useTaxReport({ ...dates, basis }, { enabled: valid });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Books</h1>
        <p className="text-muted-foreground">
          Sales tax for a period, and the files your accountant imports. What Stripe paid into the
          bank, and the fees it kept, is under{' '}
          <Link href={paths.admin.payouts()} className="underline underline-offset-4">
            Payouts
          </Link>
          .
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Period</CardTitle>
          <CardDescription>
            {formatDate(dates.from)} to {formatDate(dates.to)}, both included.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-2">
            <Label htmlFor="books-period">Period</Label>
            <NativeSelect
              id="books-period"
              value={preset}
              onChange={(event) => {
                const next = event.target.value as PeriodPreset;
                if (next === 'custom') {
                  setFrom(dates.from);
                  setTo(dates.to);
                }
                setPreset(next === 'this-month' ? null : next);
              }}
            >
              {PERIOD_PRESETS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          {preset === 'custom' ? (
            <>
              <div className="space-y-2">
                <Label htmlFor="books-from">From</Label>
                <Input
                  id="books-from"
                  type="date"
                  value={dates.from}
                  onChange={(event) => setFrom(event.target.value || null)}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="books-to">To</Label>
                <Input
                  id="books-to"
                  type="date"
                  value={dates.to}
                  onChange={(event) => setTo(event.target.value || null)}
                  aria-invalid={!valid}
                  aria-describedby={valid ? undefined : 'books-to-error'}
                />
                {valid ? null : (
                  <p id="books-to-error" className="text-sm text-destructive">
                    From must be on or before To
                  </p>
                )}
              </div>
            </>
          ) : null}
        </CardContent>
      </Card>

      {/* The basis is a tab whose panel is the report (a tab must control a panel). */}
      <Tabs value={basis} onValueChange={(next) => setBasis(next === 'accrual' ? null : next)}>
        <Card>
          <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
            <div className="space-y-1.5">
              <CardTitle>Sales tax</CardTitle>
              <CardDescription>
                {basis === 'accrual'
                  ? 'Accrual: invoices by the day they were issued, credit notes by the day issued.'
                  : 'Cash: the tax share of payments received and of refunds made in the period.'}
              </CardDescription>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <TabsList aria-label="Basis">
                {TAX_REPORT_BASES.map((value) => (
                  <TabsTrigger key={value} value={value}>
                    {BASIS_LABELS[value]}
                  </TabsTrigger>
                ))}
              </TabsList>
              {valid ? (
                <a
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  href={taxReportCsvHref({ ...dates, basis })}
                  download
                >
                  <Download className="mr-2 h-4 w-4" aria-hidden />
                  Download CSV
                </a>
              ) : null}
            </div>
          </CardHeader>
          <CardContent>
            {TAX_REPORT_BASES.map((value) => (
              <TabsContent key={value} value={value}>
                {valid ? (
                  <QueryState
                    query={report}
                    what="tax report"
                    loading={<Skeleton className="h-48 w-full" />}
                  >
                    {(data) => <TaxReportTable report={data} />}
                  </QueryState>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    Choose a period that ends after it starts.
                  </p>
                )}
              </TabsContent>
            ))}
          </CardContent>
        </Card>
      </Tabs>

      <Card>
        <CardHeader>
          <CardTitle>Export for the accountant</CardTitle>
          <CardDescription>
            CSV files of the period: amounts are exact decimals, no cell can run as a formula.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4 md:grid-cols-2">
            {EXPORT_KINDS.map((kind) => (
              <li key={kind} className="flex flex-col gap-2 rounded border p-4">
                <span className="font-medium">{EXPORT_LABELS[kind]}</span>
                <span className="text-sm text-muted-foreground">{EXPORT_HINTS[kind]}</span>
                {valid ? (
                  <a
                    className={buttonVariants({
                      variant: 'outline',
                      size: 'sm',
                      className: 'self-start',
                    })}
                    href={exportHref(kind, dates)}
                    download
                  >
                    <Download className="mr-2 h-4 w-4" aria-hidden />
                    Download<span className="sr-only"> {EXPORT_LABELS[kind]}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

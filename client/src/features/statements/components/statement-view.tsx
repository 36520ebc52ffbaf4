import { formatCents } from '@shared/money';
import { STATEMENT_LINE_LABELS, type Ageing, type Statement } from '@shared/schemas/statements';
import { FormField } from '@/components/ui/form-field';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { StatementPeriod } from '../api/get-statement';

const AGEING: ReadonlyArray<readonly [keyof Ageing, string]> = [
  ['current', 'Current'],
  ['days1to30', '1–30 days'],
  ['days31to60', '31–60 days'],
  ['days61to90', '61–90 days'],
  ['over90', 'Over 90 days'],
];

/** What is owed at the end, in words: a negative balance is the client's credit. */
export function balanceWords(cents: number): string {
  return cents < 0 ? `${formatCents(-cents)} credit` : formatCents(cents);
}

/**
 * The "From" and "To" days of a statement; unset, they show the period the server chose
 * (`shown`, three months back to today) once it answered.
 */
export function PeriodPickers({
  id,
  period,
  shown,
  onChange,
}: {
  id: string;
  period: StatementPeriod;
  shown?: { from: string; to: string };
  onChange: (period: StatementPeriod) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <FormField
        id={`${id}-from`}
        label="From"
        type="date"
        value={period.from ?? shown?.from ?? ''}
        onChange={(event) => onChange({ ...period, from: event.target.value || undefined })}
      />
      <FormField
        id={`${id}-to`}
        label="To"
        type="date"
        value={period.to ?? shown?.to ?? ''}
        onChange={(event) => onChange({ ...period, to: event.target.value || undefined })}
      />
    </div>
  );
}

const amountClass = (cents: number) => cn('tabular-nums', cents < 0 && 'text-emerald-700');

/**
 * A statement: opening balance, each line with its running balance (a table from the small
 * tablet up, a card a line on a phone), the closing balance and the ageing of what is owed.
 */
export function StatementView({ statement }: { statement: Statement }) {
  const { lines } = statement;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Opening balance ({formatDate(statement.from)})</dt>
          <dd className="font-medium tabular-nums">{balanceWords(statement.openingBalance)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Closing balance ({formatDate(statement.to)})</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {balanceWords(statement.closingBalance)}
          </dd>
        </div>
      </dl>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing happened in this period.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Statement lines with the balance after each</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Reference
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  <tr key={index} className="border-b last:border-0">
                    <td className="whitespace-nowrap py-2 pr-3">{formatDate(line.date)}</td>
                    <td className="py-2 pr-3">{STATEMENT_LINE_LABELS[line.type]}</td>
                    <td className="break-words py-2 pr-3">{line.reference}</td>
                    <td className={cn('py-2 pr-3 text-right', amountClass(line.amount))}>
                      {formatCents(line.amount)}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatCents(line.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y rounded-md border sm:hidden" aria-label="Statement lines">
            {lines.map((line, index) => (
              <li key={index} className="space-y-1 p-3 text-sm">
                <div className="flex justify-between gap-3">
                  <span className="font-medium">{STATEMENT_LINE_LABELS[line.type]}</span>
                  <span className={amountClass(line.amount)}>{formatCents(line.amount)}</span>
                </div>
                <p className="break-words text-muted-foreground">{line.reference}</p>
                <div className="flex justify-between gap-3 text-muted-foreground">
                  <span>{formatDate(line.date)}</span>
                  <span className="tabular-nums">Balance {formatCents(line.balance)}</span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <section aria-label="Ageing" className="space-y-2">
        <h3 className="text-sm font-medium">What is owed, by days past due</h3>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
          {AGEING.map(([key, label]) => (
            <div key={key} className="rounded-md border p-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{formatCents(statement.ageing[key])}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

import { formatCents } from '@shared/money';
import type { ProposalTotals } from '@shared/schemas/proposals';
import { cn } from '@/lib/utils';

/**
 * The money of a proposal: the one-off total, the deposit on it, the plan's month and what
 * the first invoice bills. `live` announces changes as the form is typed in.
 */
export function ProposalMoney({
  totals,
  depositPercent,
  planName,
  live = false,
  className,
}: {
  totals: ProposalTotals;
  depositPercent: number;
  planName: string | null;
  live?: boolean;
  className?: string;
}) {
  const rows: [label: string, cents: number][] = [
    ['One-off total', totals.oneOff],
    [`Deposit (${depositPercent}%)`, totals.deposit],
    [planName ? `${planName} plan, monthly` : 'Monthly', totals.monthly],
    ['First invoice', totals.firstInvoice],
  ];
  return (
    <div
      role="group"
      aria-label="Totals"
      aria-live={live ? 'polite' : undefined}
      className={cn('ml-auto w-full max-w-sm', className)}
    >
      <dl className="space-y-1 text-sm">
        {rows.map(([label, cents], index) => (
          <div
            key={label}
            className={cn(
              'flex justify-between gap-4',
              index === rows.length - 1 && 'border-t pt-2 font-semibold',
            )}
          >
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

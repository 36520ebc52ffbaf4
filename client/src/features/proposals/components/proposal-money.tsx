import { formatCents } from '@shared/money';
import type { ProposalDocument } from '@shared/schemas/proposals';
import { rateLabel } from '@/features/tax/public';
import { cn } from '@/lib/utils';

/**
 * The money of a proposal: the one-off total, the deposit on it, the plan's month and what
 * the first invoice bills, and each tax rate on the taxable items and the plan's month (issue
 * 39). `live` announces changes as the form is typed in.
 */
export function ProposalMoney({
  totals,
  depositPercent,
  planName,
  live = false,
  className,
}: {
  totals: ProposalDocument['totals'];
  depositPercent: number;
  planName: string | null;
  live?: boolean;
  className?: string;
}) {
  const rows: [label: string, cents: number][] = [
    ['One-off total', totals.oneOff],
    [`Deposit (${depositPercent}%)`, totals.deposit],
    [planName ? `${planName} plan, monthly` : 'Monthly', totals.monthly],
    ...(totals.taxes ?? []).map((tax): [string, number] => [`Tax: ${rateLabel(tax)}`, tax.amount]),
    [
      (totals.taxes ?? []).length > 0 ? 'First invoice, with tax' : 'First invoice',
      totals.firstInvoice,
    ],
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

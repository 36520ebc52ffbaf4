import { formatCents } from '@shared/money';
import { balanceDue } from '@shared/schemas/payments';
import { cn } from '@/lib/utils';

/**
 * What the payments cover and what is left, laid out to continue InvoiceTotals below it.
 * amountPaid is the server's sum of the payments that count (not refunded, not flagged).
 */
export function InvoiceBalance({
  invoice,
  className,
}: {
  invoice: { total: number; amountPaid: number };
  className?: string;
}) {
  return (
    <dl className={cn('ml-auto w-full max-w-xs space-y-1 text-sm', className)}>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Amount paid</dt>
        <dd>{formatCents(invoice.amountPaid)}</dd>
      </div>
      <div className="flex justify-between border-t pt-2 text-base font-semibold">
        <dt>Balance due</dt>
        <dd data-testid="invoice-balance-due">{formatCents(balanceDue(invoice))}</dd>
      </div>
    </dl>
  );
}

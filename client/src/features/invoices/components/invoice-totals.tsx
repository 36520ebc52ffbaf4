import { formatCents } from '@shared/money';
import type { AppliedTax } from '@shared/schemas/tax';
import { AppliedTaxLines } from '@/features/tax/public';
import { cn } from '@/lib/utils';

/**
 * Subtotal, tax, discount and total (integer cents) as a description list; with named rates,
 * one line per rate in place of the single "Tax" (issue 39).
 */
export function InvoiceTotals({
  subtotal,
  tax,
  discount,
  total,
  taxes = [],
  live = false,
  className,
}: {
  subtotal: number;
  tax: number;
  /** Each rate applied and its amount; none: the single tax amount, as "Tax". */
  taxes?: readonly Pick<AppliedTax, 'name' | 'percent' | 'amount'>[];
  discount: number;
  total: number;
  /** Announce changes (the form's running total). */
  live?: boolean;
  className?: string;
}) {
  return (
    <dl
      className={cn('ml-auto w-full max-w-xs space-y-1 text-sm', className)}
      aria-live={live ? 'polite' : undefined}
    >
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd>{formatCents(subtotal)}</dd>
      </div>
      {taxes.length > 0 ? (
        <AppliedTaxLines taxes={taxes} />
      ) : (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Tax</dt>
          <dd>{formatCents(tax)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Discount</dt>
        <dd>{discount > 0 ? `-${formatCents(discount)}` : formatCents(0)}</dd>
      </div>
      <div className="flex justify-between border-t pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="invoice-total">{formatCents(total)}</dd>
      </div>
    </dl>
  );
}

import { formatCents } from '@shared/money';
import type { AppliedTax } from '@shared/schemas/tax';
import { rateLabel } from './tax-rate-label';

/**
 * Each applied rate as a row of a totals list (`<dl>`): "Orleans parish (5%)  $12.50". Rows only:
 * the caller's list frames them between the subtotal and the total.
 */
export function AppliedTaxLines({
  taxes,
}: {
  taxes: readonly Pick<AppliedTax, 'name' | 'percent' | 'amount'>[];
}) {
  return (
    <>
      {taxes.map((tax, index) => (
        <div
          key={`${tax.name}-${index}`}
          className="flex justify-between gap-4"
          data-testid="tax-line"
        >
          <dt className="text-muted-foreground">{rateLabel(tax)}</dt>
          <dd className="tabular-nums">{formatCents(tax.amount)}</dd>
        </div>
      ))}
    </>
  );
}

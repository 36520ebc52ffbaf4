import type { TaxRate } from '@shared/schemas/tax';
import { rateLabel } from './tax-rate-label';

/**
 * The rates to apply, one checkbox each, in a fieldset named by `legend`. The checked ids stay
 * in the order of `rates` (the order the totals list them in).
 */
export function TaxRateChecklist({
  legend,
  rates,
  value,
  onChange,
  hint,
  error,
  disabled = false,
}: {
  legend: string;
  rates: readonly TaxRate[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  hint?: string;
  error?: string;
  disabled?: boolean;
}) {
  const toggle = (id: string, on: boolean) => {
    const chosen = new Set(value);
    if (on) chosen.add(id);
    else chosen.delete(id);
    onChange(rates.filter((rate) => chosen.has(rate.id)).map((rate) => rate.id));
  };
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {rates.map((rate) => (
          <label key={rate.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary"
              checked={value.includes(rate.id)}
              onChange={(event) => toggle(rate.id, event.target.checked)}
            />
            {rateLabel(rate)}
            {rate.retiredAt !== null && <span className="text-muted-foreground">(retired)</span>}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}

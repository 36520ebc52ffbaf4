import { useTaxRates } from './get-tax-rates';

/**
 * The rates a new invoice or proposal can choose (not retired), and the defaults among them;
 * none while they load or when the agency has none.
 */
export function useActiveTaxRates() {
  const query = useTaxRates();
  const active = (query.data?.items ?? []).filter((rate) => rate.retiredAt === null);
  return {
    query,
    active,
    defaultIds: active.filter((rate) => rate.isDefault).map((rate) => rate.id),
  };
}

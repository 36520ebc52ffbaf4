import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxRateListSchema } from '@shared/schemas/tax';
import { apiGet } from '@/lib/api-request';

export const TAX_RATES_PATH = '/api/admin/tax-rates';

/** GET /api/admin/tax-rates?retired=true: every rate (a handful), active first. */
export function getTaxRates(signal?: AbortSignal) {
  return apiGet(`${TAX_RATES_PATH}?retired=true`, TaxRateListSchema, signal);
}

export const taxRatesQueryOptions = () =>
  queryOptions({
    queryKey: [TAX_RATES_PATH] as const,
    queryFn: ({ signal }) => getTaxRates(signal),
  });

export function useTaxRates() {
  return useQuery(taxRatesQueryOptions());
}

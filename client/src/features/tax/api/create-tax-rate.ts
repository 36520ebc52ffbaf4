import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxRateSchema, type CreateTaxRateInput } from '@shared/schemas/tax';
import { apiSend } from '@/lib/api-request';
import { TAX_RATES_PATH, taxRatesQueryOptions } from './get-tax-rates';

/** POST /api/admin/tax-rates → 201 the rate. */
export function createTaxRate(input: CreateTaxRateInput) {
  return apiSend('POST', TAX_RATES_PATH, TaxRateSchema, input);
}

export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaxRate,
    meta: { error: { fallback: 'The tax rate could not be added. Please try again.' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryOptions().queryKey }),
  });
}

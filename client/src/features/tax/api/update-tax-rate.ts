import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxRateSchema, type UpdateTaxRate } from '@shared/schemas/tax';
import { apiSend } from '@/lib/api-request';
import { TAX_RATES_PATH, taxRatesQueryOptions } from './get-tax-rates';

/** PATCH /api/admin/tax-rates/{id}: rename, or make default or not. */
export function updateTaxRate({ id, ...patch }: UpdateTaxRate & { id: string }) {
  return apiSend('PATCH', `${TAX_RATES_PATH}/${encodeURIComponent(id)}`, TaxRateSchema, patch);
}

export function useUpdateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxRate,
    meta: { error: { fallback: 'The tax rate could not be saved. Please try again.' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryOptions().queryKey }),
  });
}

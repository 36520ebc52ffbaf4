import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxRateSchema } from '@shared/schemas/tax';
import { apiSend } from '@/lib/api-request';
import { TAX_RATES_PATH, taxRatesQueryOptions } from './get-tax-rates';

/** POST /api/admin/tax-rates/{id}/retire: kept on the invoices that used it, offered no more. */
export function retireTaxRate(id: string) {
  return apiSend('POST', `${TAX_RATES_PATH}/${encodeURIComponent(id)}/retire`, TaxRateSchema);
}

export function useRetireTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireTaxRate,
    meta: { error: { fallback: 'The tax rate could not be retired. Please try again.' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryOptions().queryKey }),
  });
}

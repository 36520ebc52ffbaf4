import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { TAX_RATES_PATH, taxRatesQueryOptions } from './get-tax-rates';

/**
 * DELETE /api/admin/tax-rates/{id}: answered 204, or 409 with the reason when an invoice or
 * proposal uses it (the toast shows the server's message).
 */
export async function deleteTaxRate(id: string) {
  await apiRequest('DELETE', `${TAX_RATES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    meta: { error: { fallback: 'The tax rate could not be deleted. Please try again.' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryOptions().queryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { invoicePagesKey } from './get-invoices';

/** DELETE /api/admin/invoices/{id}: answered 204, without a body. */
export async function deleteInvoice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/invoices/${id}`);
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    meta: { error: { fallback: 'Failed to delete invoice' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicePagesKey }),
  });
}

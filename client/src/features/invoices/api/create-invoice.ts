import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedInvoiceSchema, type CreateInvoice } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices: amounts in integer cents. */
export function createInvoice(input: CreateInvoice) {
  return apiSend('POST', '/api/admin/invoices', CreatedInvoiceSchema, input);
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    meta: { error: { fallback: 'Failed to create invoice' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicePagesKey }),
  });
}

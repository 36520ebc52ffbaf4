import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { apiGet } from '@/lib/api-request';
import { invoiceDetailKey } from './get-invoices';

/** GET /api/admin/invoices/{id}: the invoice and its line items. */
export function getInvoice(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/invoices/${id}`, InvoiceDetailSchema, signal);
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceDetailKey(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { InvoiceSchema } from '@shared/schemas/invoices';
import { apiGet } from '@/lib/api-request';

const InvoicesSchema = z.array(InvoiceSchema);

/** GET /api/admin/invoices: every invoice, newest first. */
export function getInvoices(signal?: AbortSignal) {
  return apiGet('/api/admin/invoices', InvoicesSchema, signal);
}

/** The list's key is also the prefix of every invoice's own key (get-invoice.ts). */
export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/invoices'],
    queryFn: ({ signal }) => getInvoices(signal),
    staleTime: 0,
  });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}

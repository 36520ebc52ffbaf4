import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ClientInvoiceSchema } from '@shared/schemas/invoices';
import { apiGet } from '@/lib/api-request';

const ClientInvoicesSchema = z.array(ClientInvoiceSchema);

/** GET /api/invoices: the client's sent, paid and overdue invoices. */
export function getClientInvoices(signal?: AbortSignal) {
  return apiGet('/api/invoices', ClientInvoicesSchema, signal);
}

export const clientInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/invoices'],
    queryFn: ({ signal }) => getClientInvoices(signal),
  });

/** `poll`: ask again every 2 s (an invoice paid on Stripe's page, its webhook on the way). */
export function useClientInvoices({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...clientInvoicesQueryOptions(), refetchInterval: poll ? 2_000 : false });
}

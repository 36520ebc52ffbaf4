import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientInvoice } from '@shared/schemas/invoices';

/** GET /api/invoices: the client's sent, paid and overdue invoices. */
export const clientInvoicesQueryOptions = () =>
  queryOptions<ClientInvoice[]>({ queryKey: ['/api/invoices'] });

export function useClientInvoices() {
  return useQuery(clientInvoicesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ClientInvoiceSchema } from '@shared/schemas/invoices';
import { apiGet } from '@/lib/api-request';

const ClientInvoicesSchema = z.array(ClientInvoiceSchema);
const PAID_POLL_MS = 2_000;

/** GET /api/invoices: the client's sent, paid and overdue invoices. */
export function getClientInvoices(signal?: AbortSignal) {
  return apiGet('/api/invoices', ClientInvoicesSchema, signal);
}

export const clientInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/invoices'],
    queryFn: ({ signal }) => getClientInvoices(signal),
  });

/**
 * `untilPaid`: an invoice just paid on Stripe's page. Its webhook may reach the server after
 * the client is back, so the list is asked again every 2 s until that invoice is paid.
 */
export function useClientInvoices({ untilPaid = null }: { untilPaid?: string | null } = {}) {
  return useQuery({
    ...clientInvoicesQueryOptions(),
    refetchInterval: (query) =>
      untilPaid && !query.state.data?.some((i) => i.id === untilPaid && i.status === 'paid')
        ? PAID_POLL_MS
        : false,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayLinkInvoiceSchema } from '@shared/schemas/payments';
import { apiGet } from '@/lib/api-request';

/** GET /api/pay/{token}: the invoice a pay link is for, to whoever holds the link. */
export function getPayLinkInvoice(token: string, signal?: AbortSignal) {
  return apiGet(`/api/pay/${encodeURIComponent(token)}`, PayLinkInvoiceSchema, signal);
}

export const payLinkInvoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/pay', token],
    queryFn: ({ signal }) => getPayLinkInvoice(token, signal),
    retry: false,
  });

export function usePayLinkInvoice(token: string, options: { poll: boolean }) {
  return useQuery({
    ...payLinkInvoiceQueryOptions(token),
    // After Checkout: until Stripe's webhook has marked it paid.
    refetchInterval: (query) =>
      options.poll && query.state.data?.status !== 'paid' ? 2_000 : false,
  });
}

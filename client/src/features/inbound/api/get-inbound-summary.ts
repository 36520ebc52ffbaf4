import { queryOptions, useQuery } from '@tanstack/react-query';
import { InboundSummarySchema } from '@shared/schemas/inbound';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/inbound/summary: how many e-mails are held for the admin's decision. */
export function getInboundSummary(signal?: AbortSignal) {
  return apiGet('/api/admin/inbound/summary', InboundSummarySchema, signal);
}

/**
 * The held count of the admin navigation and the dashboard; kept fresh while the panel is
 * open, and invalidated when a held message is released or turned into a request.
 */
export const inboundSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/inbound', 'summary'],
    queryFn: ({ signal }) => getInboundSummary(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useInboundSummary() {
  return useQuery(inboundSummaryQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientResponseTimeSchema } from '@shared/schemas/response-times';
import { apiGet } from '@/lib/api-request';

/** GET /api/tickets/response-time: how soon the client's plan promises an answer. */
export function getResponseTime(signal?: AbortSignal) {
  return apiGet('/api/tickets/response-time', ClientResponseTimeSchema, signal);
}

export const responseTimeQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/tickets/response-time'],
    queryFn: ({ signal }) => getResponseTime(signal),
    staleTime: 5 * 60_000,
  });

export function useResponseTime() {
  return useQuery(responseTimeQueryOptions());
}

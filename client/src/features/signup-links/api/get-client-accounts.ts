import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientAccountPageSchema } from '@shared/schemas/signup-links';
import { apiGet } from '@/lib/api-request';

export interface ClientAccountsQuery {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** GET /api/admin/clients?q=&page=&pageSize=: one page of the client accounts. */
export function getClientAccounts(query: ClientAccountsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiGet(`/api/admin/clients?${params.toString()}`, ClientAccountPageSchema, signal);
}

export const clientAccountsQueryOptions = (query: ClientAccountsQuery = {}) =>
  queryOptions({
    queryKey: ['/api/admin/clients', query],
    queryFn: ({ signal }) => getClientAccounts(query, signal),
    staleTime: 0,
  });

export function useClientAccounts(query: ClientAccountsQuery = {}) {
  return useQuery(clientAccountsQueryOptions(query));
}

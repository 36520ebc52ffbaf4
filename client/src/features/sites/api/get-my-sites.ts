import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientSitesSchema } from '@shared/schemas/sites';
import { apiGet } from '@/lib/api-request';

/** GET /api/sites: the signed-in client's own websites, paused ones included. */
export function getMySites(signal?: AbortSignal) {
  return apiGet('/api/sites', ClientSitesSchema, signal);
}

export const mySitesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/sites'],
    queryFn: ({ signal }) => getMySites(signal),
    staleTime: 0,
  });

export function useMySites() {
  return useQuery(mySitesQueryOptions());
}

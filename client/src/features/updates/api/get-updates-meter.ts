import { queryOptions, useQuery } from '@tanstack/react-query';
import { UpdatesMeterSchema } from '@shared/schemas/updates';
import { apiGet } from '@/lib/api-request';

/** GET /api/updates: the signed-in client's website updates of this month against their plan. */
export function getUpdatesMeter(signal?: AbortSignal) {
  return apiGet('/api/updates', UpdatesMeterSchema, signal);
}

export const updatesMeterQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/updates'],
    queryFn: ({ signal }) => getUpdatesMeter(signal),
    // A new month, or a plan changed by the agency, shows without a reload of the app.
    staleTime: 60_000,
  });

export function useUpdatesMeter() {
  return useQuery(updatesMeterQueryOptions());
}

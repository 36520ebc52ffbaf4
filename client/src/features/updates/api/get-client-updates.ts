import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientUpdatesSchema } from '@shared/schemas/updates';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/clients/{id}/updates: the client's meter and update requests of this month. */
export function getClientUpdates(clientId: string, signal?: AbortSignal) {
  return apiGet(
    `/api/admin/clients/${encodeURIComponent(clientId)}/updates`,
    ClientUpdatesSchema,
    signal,
  );
}

export const clientUpdatesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'updates', clientId],
    queryFn: ({ signal }) => getClientUpdates(clientId, signal),
  });

export function useClientUpdates(clientId: string) {
  return useQuery(clientUpdatesQueryOptions(clientId));
}

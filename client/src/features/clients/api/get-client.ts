import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientDetailSchema } from '@shared/schemas/clients';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/clients/{id}: the client's page, every list cut to its latest rows. */
export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'detail', id],
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/clients/${encodeURIComponent(id)}`, ClientDetailSchema, signal),
    staleTime: 0,
  });

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id));
}

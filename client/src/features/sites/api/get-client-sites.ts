import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSiteSchema } from '@shared/schemas/sites';
import { apiGet } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

const AdminSitesSchema = AdminSiteSchema.array();

/** GET /api/admin/clients/{id}/sites: the client's websites (at most 20), newest first. */
export function getClientSites(clientId: string, signal?: AbortSignal) {
  return apiGet(
    `/api/admin/clients/${encodeURIComponent(clientId)}/sites`,
    AdminSitesSchema,
    signal,
  );
}

export const clientSitesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...ADMIN_SITES_KEY, 'client', clientId],
    queryFn: ({ signal }) => getClientSites(clientId, signal),
    staleTime: 0,
  });

export function useClientSites(clientId: string) {
  return useQuery(clientSitesQueryOptions(clientId));
}

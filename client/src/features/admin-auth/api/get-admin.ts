import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignedInAdminSchema } from '@shared/schemas/auth';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/me: the signed-in admin (401 when there is none). */
export function getAdmin(signal?: AbortSignal) {
  return apiGet('/api/admin/me', SignedInAdminSchema, signal);
}

export const adminQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/me'], queryFn: ({ signal }) => getAdmin(signal) });

export function useAdmin() {
  return useQuery(adminQueryOptions());
}

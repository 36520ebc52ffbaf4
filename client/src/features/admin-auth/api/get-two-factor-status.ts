import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { TwoFactorStatusSchema } from '@shared/schemas/auth';
import { apiGet } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** GET /api/admin/two-factor: on or off, and how many recovery codes are left. */
export function getTwoFactorStatus(signal?: AbortSignal) {
  return apiGet('/api/admin/two-factor', TwoFactorStatusSchema, signal);
}

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/two-factor'],
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    staleTime: 0,
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

/** After a change: the status and the admin (its two-factor flags) load again together. */
export function twoFactorChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: adminQueryOptions().queryKey }),
  ]);
}

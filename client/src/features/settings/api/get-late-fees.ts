import { queryOptions, useQuery } from '@tanstack/react-query';
import { LateFeeSettingsViewSchema } from '@shared/schemas/late-fees';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/settings/late-fees: the late-fee terms (issue 39). */
export function getLateFees(signal?: AbortSignal) {
  return apiGet('/api/admin/settings/late-fees', LateFeeSettingsViewSchema, signal);
}

export const lateFeesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings/late-fees'],
    queryFn: ({ signal }) => getLateFees(signal),
  });

export function useLateFees() {
  return useQuery(lateFeesQueryOptions());
}

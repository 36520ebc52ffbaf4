import { queryOptions, useQuery } from '@tanstack/react-query';
import { UpdateAllowanceSettingsSchema } from '@shared/schemas/updates';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/settings/updates: each plan's updates per month and an extra one's price. */
export function getUpdateAllowance(signal?: AbortSignal) {
  return apiGet('/api/admin/settings/updates', UpdateAllowanceSettingsSchema, signal);
}

export const updateAllowanceQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings/updates'],
    queryFn: ({ signal }) => getUpdateAllowance(signal),
  });

export function useUpdateAllowance() {
  return useQuery(updateAllowanceQueryOptions());
}

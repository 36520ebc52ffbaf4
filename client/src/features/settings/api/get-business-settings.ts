import { queryOptions, useQuery } from '@tanstack/react-query';
import { BusinessSettingsSchema } from '@shared/schemas/settings';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/settings: every business detail the owner can edit. */
export function getBusinessSettings(signal?: AbortSignal) {
  return apiGet('/api/admin/settings', BusinessSettingsSchema, signal);
}

export const businessSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings'],
    queryFn: ({ signal }) => getBusinessSettings(signal),
  });

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions());
}

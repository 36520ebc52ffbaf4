import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings } from '@shared/schemas/settings';
import { apiRequest } from '@/lib/api-request';
import { refreshPublicSettings } from './get-public-settings';

/** GET /api/admin/settings. */
export const businessSettingsQueryOptions = () =>
  queryOptions<BusinessSettings>({ queryKey: ['/api/admin/settings'] });

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions());
}

/** PUT /api/admin/settings; every screen showing the brand picks the change up. */
export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: BusinessSettings) =>
      (await (await apiRequest('PUT', '/api/admin/settings', values)).json()) as BusinessSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessSettingsQueryOptions().queryKey, saved);
      await refreshPublicSettings();
    },
  });
}

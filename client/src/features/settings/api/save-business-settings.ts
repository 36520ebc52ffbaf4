import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusinessSettingsSchema, type BusinessSettings } from '@shared/schemas/settings';
import { apiSend } from '@/lib/api-request';
import { businessSettingsQueryOptions } from './get-business-settings';
import { refreshPublicSettings } from './get-public-settings';

/** PUT /api/admin/settings: the details as saved. */
export function saveBusinessSettings(values: BusinessSettings) {
  return apiSend('PUT', '/api/admin/settings', BusinessSettingsSchema, values);
}

/** Saves the details; every screen showing the brand picks the change up. */
export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessSettings,
    meta: { error: { fallback: 'Failed to save the settings. Please try again.' } },
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessSettingsQueryOptions().queryKey, saved);
      await refreshPublicSettings();
    },
  });
}

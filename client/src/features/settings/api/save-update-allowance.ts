import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UpdateAllowanceSettingsSchema,
  type UpdateAllowanceSettings,
} from '@shared/schemas/updates';
import { apiSend } from '@/lib/api-request';
import { updateAllowanceQueryOptions } from './get-update-allowance';

/** PUT /api/admin/settings/updates: the allowance as saved. */
export function saveUpdateAllowance(values: UpdateAllowanceSettings) {
  return apiSend('PUT', '/api/admin/settings/updates', UpdateAllowanceSettingsSchema, values);
}

export function useSaveUpdateAllowance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUpdateAllowance,
    meta: { error: { fallback: 'Failed to save the website updates. Please try again.' } },
    onSuccess: (saved) => {
      queryClient.setQueryData(updateAllowanceQueryOptions().queryKey, saved);
      // Every client's meter on the client pages counts against the new allowance.
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] });
    },
  });
}

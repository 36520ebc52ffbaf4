import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LateFeeSettingsViewSchema, type LateFeeSettingsInput } from '@shared/schemas/late-fees';
import { apiSend } from '@/lib/api-request';
import { lateFeesQueryOptions } from './get-late-fees';

/** PUT /api/admin/settings/late-fees: the terms as saved. */
export function saveLateFees(values: LateFeeSettingsInput) {
  return apiSend('PUT', '/api/admin/settings/late-fees', LateFeeSettingsViewSchema, values);
}

export function useSaveLateFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLateFees,
    meta: { error: { fallback: 'Failed to save the late fees. Please try again.' } },
    onSuccess: (saved) => {
      queryClient.setQueryData(lateFeesQueryOptions().queryKey, saved);
    },
  });
}

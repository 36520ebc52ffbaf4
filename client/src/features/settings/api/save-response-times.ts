import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ResponseTimeSettingsViewSchema,
  type ResponseTimeSettings,
} from '@shared/schemas/response-times';
import { apiSend } from '@/lib/api-request';
import { responseTimesQueryOptions } from './get-response-times';

/** PUT /api/admin/settings/response-times: the settings as saved. */
export function saveResponseTimes(values: ResponseTimeSettings) {
  return apiSend(
    'PUT',
    '/api/admin/settings/response-times',
    ResponseTimeSettingsViewSchema,
    values,
  );
}

export function useSaveResponseTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResponseTimes,
    meta: { error: { fallback: 'Failed to save the response times. Please try again.' } },
    onSuccess: (saved) => {
      queryClient.setQueryData(responseTimesQueryOptions().queryKey, saved);
    },
  });
}

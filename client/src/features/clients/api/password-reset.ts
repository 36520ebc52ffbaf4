import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClientPasswordResetSentSchema,
  ClientPasswordResetStatusSchema,
} from '@shared/schemas/clients';
import { apiGet, apiSend } from '@/lib/api-request';
import { clientQueryOptions } from './get-client';

const resetPath = (clientId: string) =>
  `/api/admin/clients/${encodeURIComponent(clientId)}/password-reset`;

/** GET /api/admin/clients/{id}/password-reset: whether the client has a password here. */
export const clientPasswordResetQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'password-reset', clientId],
    queryFn: ({ signal }) => apiGet(resetPath(clientId), ClientPasswordResetStatusSchema, signal),
  });

export function useClientPasswordResetStatus(clientId: string) {
  return useQuery(clientPasswordResetQueryOptions(clientId));
}

/** POST /api/admin/clients/{id}/password-reset: e-mails the client the way to a new password. */
export function useSendClientPasswordReset(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('POST', resetPath(clientId), ClientPasswordResetSentSchema),
    meta: { error: { fallback: 'The password reset e-mail could not be sent. Please try again.' } },
    // The e-mail appears in the client's list of messages.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}

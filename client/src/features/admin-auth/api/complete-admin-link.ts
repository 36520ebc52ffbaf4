import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptAdminInvite,
  AdminPasswordReset,
  FirstAdmin,
} from '@shared/schemas/admin-accounts';
import { AdminLoginResultSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/password-reset: the new password; signed in, or the code still to enter. */
export function resetPasswordWithLink(input: AdminPasswordReset) {
  return apiSend('POST', '/api/admin/password-reset', AdminLoginResultSchema, input);
}

/** POST /api/admin/first-admin: the first admin, signed in. */
export function createFirstAdmin(input: FirstAdmin) {
  return apiSend('POST', '/api/admin/first-admin', AdminLoginResultSchema, input);
}

/** POST /api/admin/admin-invites/accept: the invited admin, signed in. */
export function acceptAdminInvite(input: AcceptAdminInvite) {
  return apiSend('POST', '/api/admin/admin-invites/accept', AdminLoginResultSchema, input);
}

/** A one-time link's form: once it is used, the admin is signed in (or asked for the code). */
export function useCompleteAdminLink<Input>(
  send: (input: Input) => ReturnType<typeof resetPasswordWithLink>,
  error: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { error },
    onSuccess: (result) => {
      if (!('twoFactorRequired' in result)) {
        queryClient.setQueryData(adminQueryOptions().queryKey, result);
      }
    },
  });
}

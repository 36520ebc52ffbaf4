import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminAccountMessageSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/logout: ends the admin's session. */
export function logoutAdmin() {
  return apiSend('POST', '/api/admin/logout', AdminAccountMessageSchema);
}

export function useLogoutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    meta: { error: { fallback: 'Failed to logout', serverMessage: false } },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminQueryOptions().queryKey });
    },
  });
}

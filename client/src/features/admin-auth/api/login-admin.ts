import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminLoginResultSchema, type AdminLogin } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/login: the admin, or `{ twoFactorRequired: true }` when a code must follow. */
export function loginAdmin(credentials: AdminLogin) {
  return apiSend('POST', '/api/admin/login', AdminLoginResultSchema, credentials);
}

/** The login page shows a failure in the form itself (and a 401 here is a wrong password). */
export function useLoginAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAdmin,
    onSuccess: (result) => {
      if (!('twoFactorRequired' in result)) {
        queryClient.setQueryData(adminQueryOptions().queryKey, result);
      }
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignedInAdminSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/login/two-factor: the code (or a recovery code) after the password. */
export function verifyTwoFactorLogin(code: string) {
  return apiSend('POST', '/api/admin/login/two-factor', SignedInAdminSchema, { code });
}

/** Like the password step, a failure is shown in the login form. */
export function useVerifyTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactorLogin,
    onSuccess: (admin) => {
      queryClient.setQueryData(adminQueryOptions().queryKey, admin);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLogin, AdminLoginResult, SignedInAdmin } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/login: the admin, or `{ twoFactorRequired: true }` when a code must follow. */
export async function loginAdmin(credentials: AdminLogin): Promise<AdminLoginResult> {
  const res = await apiRequest('POST', '/api/admin/login', credentials);
  return (await res.json()) as AdminLoginResult;
}

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

/** POST /api/admin/login/two-factor: the code (or a recovery code) after the password. */
export async function verifyTwoFactorLogin(code: string): Promise<SignedInAdmin> {
  const res = await apiRequest('POST', '/api/admin/login/two-factor', { code });
  return (await res.json()) as SignedInAdmin;
}

export function useVerifyTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactorLogin,
    onSuccess: (admin) => {
      queryClient.setQueryData(adminQueryOptions().queryKey, admin);
    },
  });
}

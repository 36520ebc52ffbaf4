import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLogin, CurrentAdmin } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

export async function loginAdmin(credentials: AdminLogin): Promise<CurrentAdmin> {
  const res = await apiRequest('POST', '/api/admin/login', credentials);
  return (await res.json()) as CurrentAdmin;
}

export function useLoginAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAdmin,
    onSuccess: (admin) => {
      queryClient.setQueryData(adminQueryOptions().queryKey, admin);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

export async function logoutAdmin(): Promise<void> {
  await apiRequest('POST', '/api/admin/logout');
}

export function useLogoutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminQueryOptions().queryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** DELETE /api/admin/sites/{id}: stop watching the website; its checks and incidents go too. */
export async function deleteSite(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/sites/${encodeURIComponent(id)}`);
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    meta: { error: { fallback: 'The website could not be removed' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SITES_KEY }),
  });
}

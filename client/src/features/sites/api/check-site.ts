import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteSchema } from '@shared/schemas/sites';
import { apiSend } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** POST /api/admin/sites/{id}/check: check it now, recorded like a scheduled check. */
export function checkSite(id: string) {
  return apiSend('POST', `/api/admin/sites/${encodeURIComponent(id)}/check`, AdminSiteSchema);
}

export function useCheckSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkSite,
    meta: { error: { fallback: 'The website could not be checked' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SITES_KEY }),
  });
}

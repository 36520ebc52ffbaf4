import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteSchema, type UpdateSite } from '@shared/schemas/sites';
import { apiSend } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** PATCH /api/admin/sites/{id}: its address or keyword, paused or not, the domain's date. */
export function updateSite(id: string, body: UpdateSite) {
  return apiSend('PATCH', `/api/admin/sites/${encodeURIComponent(id)}`, AdminSiteSchema, body);
}

/**
 * `fallback`: the toast's words when the server gives none; without one the caller shows the
 * refusal itself (on a form's field).
 */
export function useUpdateSite(fallback?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSite }) => updateSite(id, body),
    meta: fallback ? { error: { fallback } } : undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SITES_KEY }),
  });
}

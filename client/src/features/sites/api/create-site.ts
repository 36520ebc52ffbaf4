import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteSchema, type CreateSite } from '@shared/schemas/sites';
import { apiSend } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** POST /api/admin/clients/{id}/sites: watch a new website of the client. */
export function createSite(clientId: string, body: CreateSite) {
  return apiSend(
    'POST',
    `/api/admin/clients/${encodeURIComponent(clientId)}/sites`,
    AdminSiteSchema,
    body,
  );
}

/** Its refusals (not public, a duplicate, too many) are shown on the form's field. */
export function useCreateSite(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSite) => createSite(clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SITES_KEY }),
  });
}

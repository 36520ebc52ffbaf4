import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteContentSchema } from '@shared/schemas/site-content';
import { apiSend } from '@/lib/api-request';
import { siteContentQueryOptions } from './get-site-content';

/** POST /api/admin/site-content/restore: the previous published version, live again. */
export function restoreSiteContent() {
  return apiSend('POST', '/api/admin/site-content/restore', AdminSiteContentSchema);
}

export function useRestoreSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSiteContent,
    meta: { error: { fallback: 'Failed to restore the previous version. Please try again.' } },
    onSuccess: async (saved) => {
      queryClient.setQueryData(siteContentQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/setup-checklist'] });
    },
  });
}

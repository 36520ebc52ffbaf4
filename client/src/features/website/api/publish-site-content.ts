import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteContentSchema } from '@shared/schemas/site-content';
import { apiSend } from '@/lib/api-request';
import { siteContentQueryOptions } from './get-site-content';

/** POST /api/admin/site-content/publish: the draft is what visitors see from now on. */
export function publishSiteContent() {
  return apiSend('POST', '/api/admin/site-content/publish', AdminSiteContentSchema);
}

export function usePublishSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishSiteContent,
    meta: { error: { fallback: 'Failed to publish. Please try again.' } },
    onSuccess: async (saved) => {
      queryClient.setQueryData(siteContentQueryOptions().queryKey, saved);
      // The set-up checklist's "website" step follows what is published.
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/setup-checklist'] });
    },
  });
}

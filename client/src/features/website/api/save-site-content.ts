import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSiteContentSchema, type SiteContent } from '@shared/schemas/site-content';
import { apiSend } from '@/lib/api-request';
import { siteContentQueryOptions } from './get-site-content';

/** PUT /api/admin/site-content: saves the draft (visitors see nothing of it until published). */
export function saveSiteContent(content: SiteContent) {
  return apiSend('PUT', '/api/admin/site-content', AdminSiteContentSchema, content);
}

export function useSaveSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteContent,
    meta: { error: { fallback: 'Failed to save the draft. Please try again.' } },
    onSuccess: (saved) => queryClient.setQueryData(siteContentQueryOptions().queryKey, saved),
  });
}

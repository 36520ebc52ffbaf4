import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSiteContentSchema } from '@shared/schemas/site-content';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/site-content: the draft, what visitors see, and the samples still showing. */
export function getSiteContent(signal?: AbortSignal) {
  return apiGet('/api/admin/site-content', AdminSiteContentSchema, signal);
}

export const siteContentQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/site-content'],
    queryFn: ({ signal }) => getSiteContent(signal),
  });

export function useSiteContent() {
  return useQuery(siteContentQueryOptions());
}

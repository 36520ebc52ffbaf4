import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminLegalPageSchema, type LegalPageId } from '@shared/schemas/legal-pages';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/legal-pages/{page}: the page's text, and the default "Reset" brings back. */
export function getAdminLegalPage(page: LegalPageId, signal?: AbortSignal) {
  return apiGet(`/api/admin/legal-pages/${page}`, AdminLegalPageSchema, signal);
}

export const adminLegalPageQueryOptions = (page: LegalPageId) =>
  queryOptions({
    queryKey: ['/api/admin/legal-pages', page],
    queryFn: ({ signal }) => getAdminLegalPage(page, signal),
  });

export function useAdminLegalPage(page: LegalPageId) {
  return useQuery(adminLegalPageQueryOptions(page));
}

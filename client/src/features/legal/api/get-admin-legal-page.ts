import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminLegalPageSchema, type LegalPageId } from '@shared/schemas/legal-pages';
import type { PublicSettings } from '@shared/schemas/settings';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/legal-pages/{page}: the page's text, and the default "Reset" brings back. */
export function getAdminLegalPage(page: LegalPageId, signal?: AbortSignal) {
  return apiGet(`/api/admin/legal-pages/${page}`, AdminLegalPageSchema, signal);
}

/** The start of the page's key, whatever business details it was loaded with. */
export const adminLegalPageKey = (page: LegalPageId) => ['/api/admin/legal-pages', page] as const;

/**
 * Keyed by the business details too: the default text names them, so a change of name saved
 * on the same visit loads the page again (the previous answer shown meanwhile).
 */
export const adminLegalPageQueryOptions = (page: LegalPageId, details: PublicSettings) =>
  queryOptions({
    queryKey: [...adminLegalPageKey(page), details] as const,
    queryFn: ({ signal }) => getAdminLegalPage(page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminLegalPage(page: LegalPageId, details: PublicSettings) {
  return useQuery(adminLegalPageQueryOptions(page, details));
}

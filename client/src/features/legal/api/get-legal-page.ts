import { queryOptions, useQuery } from '@tanstack/react-query';
import { LegalPageSchema, type LegalPageId } from '@shared/schemas/legal-pages';
import { apiGet } from '@/lib/api-request';

/** GET /api/legal-pages/{page}: /privacy's or /terms' text, as the public reads it. */
export function getLegalPage(page: LegalPageId, signal?: AbortSignal) {
  return apiGet(`/api/legal-pages/${page}`, LegalPageSchema, signal);
}

export const legalPageQueryOptions = (page: LegalPageId) =>
  queryOptions({
    queryKey: ['/api/legal-pages', page],
    queryFn: ({ signal }) => getLegalPage(page, signal),
  });

export function useLegalPage(page: LegalPageId) {
  return useQuery(legalPageQueryOptions(page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SiteChecksPageSchema, SiteIncidentsPageSchema } from '@shared/schemas/sites';
import { apiGet } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** How many checks or incidents the history shows at once. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * GET /api/admin/sites/{id}/checks or /incidents?page=&pageSize=: a site's history, the
 * latest first; the page shown stays while the next one loads.
 */
function historyQueryOptions<Schema extends z.ZodType>(
  what: 'checks' | 'incidents',
  schema: Schema,
  id: string,
  page: number,
) {
  const url = `/api/admin/sites/${encodeURIComponent(id)}/${what}?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`;
  return queryOptions({
    queryKey: [...ADMIN_SITES_KEY, id, what, page],
    queryFn: ({ signal }) => apiGet(url, schema, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSiteChecks(id: string, page: number) {
  return useQuery(historyQueryOptions('checks', SiteChecksPageSchema, id, page));
}

export function useSiteIncidents(id: string, page: number) {
  return useQuery(historyQueryOptions('incidents', SiteIncidentsPageSchema, id, page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditPageSchema } from '@shared/schemas/audit';
import { apiGet } from '@/lib/api-request';

/** The query-string parameters of the list, as the screen keeps them in its URL. */
export const AUDIT_PARAMS = ['actor', 'kind', 'from', 'to', 'page', 'pageSize'] as const;
export type AuditParams = Partial<Record<(typeof AUDIT_PARAMS)[number], string>>;

/** `actor=...&page=2`: only the known, non-empty parameters, in a stable order. */
export function auditQueryString(params: AuditParams): string {
  const query = new URLSearchParams();
  for (const name of AUDIT_PARAMS) {
    const value = params[name]?.trim();
    if (value) query.set(name, value);
  }
  return query.toString();
}

/** GET /api/admin/audit?actor=&kind=&from=&to=&page=&pageSize=. */
export function getAuditEvents(params: AuditParams, signal?: AbortSignal) {
  const query = auditQueryString(params);
  return apiGet(`/api/admin/audit${query ? `?${query}` : ''}`, AuditPageSchema, signal);
}

export const auditEventsQueryOptions = (params: AuditParams = {}) =>
  queryOptions({
    queryKey: ['/api/admin/audit', auditQueryString(params)],
    queryFn: ({ signal }) => getAuditEvents(params, signal),
    staleTime: 0,
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(params: AuditParams) {
  return useQuery(auditEventsQueryOptions(params));
}

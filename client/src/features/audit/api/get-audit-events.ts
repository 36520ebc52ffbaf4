import { useQuery } from '@tanstack/react-query';
import { AuditPageSchema } from '@shared/schemas/audit';
import { pageQueryOptions, type ListParams } from '@/lib/list-params';

/** The query-string parameters of the list, as the screen keeps them in its URL. */
export const AUDIT_PARAMS = ['actor', 'kind', 'from', 'to', 'page', 'pageSize'] as const;
export type AuditParams = ListParams<(typeof AUDIT_PARAMS)[number]>;

/** GET /api/admin/audit?actor=&kind=&from=&to=&page=&pageSize=. */
export const auditEventsQueryOptions = (params: AuditParams = {}) =>
  pageQueryOptions('/api/admin/audit', AuditPageSchema, AUDIT_PARAMS, params);

export function useAuditEvents(params: AuditParams) {
  return useQuery(auditEventsQueryOptions(params));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { LeadSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';
import { searchLeadsQueryOptions } from './get-search-leads';

/** GET /api/admin/marketing-tool/searches/{id}/leads/{leadId}: one lead's full analysis. */
export function getLead(searchId: string, leadId: string, signal?: AbortSignal) {
  return apiGet(
    `/api/admin/marketing-tool/searches/${searchId}/leads/${leadId}`,
    LeadSchema,
    signal,
  );
}

export const leadQueryOptions = (searchId: string, leadId: string) =>
  queryOptions({
    queryKey: [...searchLeadsQueryOptions(searchId).queryKey, leadId],
    queryFn: ({ signal }) => getLead(searchId, leadId, signal),
    staleTime: Infinity,
  });

export function useLead(searchId: string, leadId: string | null) {
  return useQuery({ ...leadQueryOptions(searchId, leadId ?? ''), enabled: Boolean(leadId) });
}

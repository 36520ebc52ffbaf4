import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@shared/zod';
import {
  BulkSearchStartedSchema,
  SearchResponseSchema,
  type MarketingSearchInput,
} from '@shared/schemas/leads';
import { apiSend } from '@/lib/api-request';
import { searchPagesKey } from './get-searches';

const SearchAnswerSchema = z.union([BulkSearchStartedSchema, SearchResponseSchema]);

/** POST /api/admin/marketing-tool/search: the results at once, or {jobId} for a bulk search. */
export function runSearch(criteria: MarketingSearchInput) {
  return apiSend('POST', '/api/admin/marketing-tool/search', SearchAnswerSchema, criteria);
}

export function useRunSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSearch,
    meta: { error: { title: 'Search failed', fallback: 'Failed to search for business leads' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchPagesKey }),
  });
}

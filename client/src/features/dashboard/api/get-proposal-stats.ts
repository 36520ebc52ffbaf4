import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProposalStatsSchema } from '@shared/schemas/proposals';
import { apiGet } from '@/lib/api-request';

const PATH = '/api/admin/proposals/stats';

/** GET /api/admin/proposals/stats: this month's proposals, the win rate and the open value. */
export const proposalStatsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet(PATH, ProposalStatsSchema, signal),
    staleTime: 0,
  });

export function useProposalStats() {
  return useQuery(proposalStatsQueryOptions());
}

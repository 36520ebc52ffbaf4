import { useQuery } from '@tanstack/react-query';
import { PROPOSAL_LIST_PARAMS, ProposalPageSchema } from '@shared/schemas/proposals';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

/** The list screen's parameters, and `client` for one client's proposals (their page's card). */
const PROPOSAL_QUERY_NAMES = [...PROPOSAL_LIST_PARAMS, 'client'] as const;
export type ProposalListParams = ListParams<(typeof PROPOSAL_QUERY_NAMES)[number]>;

export const PROPOSALS_PATH = '/api/admin/proposals';

/** Every page of the list (invalidated when a proposal changes). */
export const proposalPagesKey = pagesKey(PROPOSALS_PATH);

/** The prefix of every proposal's own key (get-proposal.ts). */
export const proposalDetailKey = (id: string) => [PROPOSALS_PATH, id] as const;

/** GET /api/admin/proposals?q=&status=&client=&page=&pageSize=: one page, newest first. */
export const proposalsQueryOptions = (params: ProposalListParams = {}) =>
  pageQueryOptions(PROPOSALS_PATH, ProposalPageSchema, PROPOSAL_QUERY_NAMES, params);

export function useProposals(params: ProposalListParams) {
  return useQuery(proposalsQueryOptions(params));
}

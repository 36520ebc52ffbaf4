import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProposalDetailSchema } from '@shared/schemas/proposals';
import { apiGet } from '@/lib/api-request';
import { PROPOSALS_PATH, proposalDetailKey } from './get-proposals';

/** GET /api/admin/proposals/{id}: the proposal, its current text, timeline and invoices. */
export function getProposal(id: string, signal?: AbortSignal) {
  return apiGet(`${PROPOSALS_PATH}/${encodeURIComponent(id)}`, ProposalDetailSchema, signal);
}

export const proposalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalDetailKey(id),
    queryFn: ({ signal }) => getProposal(id, signal),
  });

export function useProposal(id: string) {
  return useQuery(proposalQueryOptions(id));
}

/** GET /api/admin/proposals/{id}/pdf: the sealed agreement, once signed (`hasAgreement`). */
export const proposalPdfUrl = (id: string) => `${PROPOSALS_PATH}/${encodeURIComponent(id)}/pdf`;

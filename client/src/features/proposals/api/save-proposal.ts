import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ProposalSavedSchema,
  type ProposalInput,
  type ProposalSaved,
} from '@shared/schemas/proposals';
import { apiRequest, apiSend } from '@/lib/api-request';
import { PROPOSALS_PATH, proposalDetailKey, proposalPagesKey } from './get-proposals';

const one = (id: string) => `${PROPOSALS_PATH}/${encodeURIComponent(id)}`;

/** What every change answers: the proposal as it now is, kept, and the lists refreshed. */
function keep(queryClient: QueryClient) {
  return ({ proposal }: ProposalSaved) => {
    queryClient.setQueryData(proposalDetailKey(proposal.id), proposal);
    return queryClient.invalidateQueries({ queryKey: proposalPagesKey });
  };
}

/** POST /api/admin/proposals: a new draft. */
export function createProposal(input: ProposalInput) {
  return apiSend('POST', PROPOSALS_PATH, ProposalSavedSchema, input);
}

export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    meta: { error: { fallback: 'Failed to create the proposal' } },
    onSuccess: keep(queryClient),
  });
}

/** PUT /api/admin/proposals/{id}: the whole proposal again, until it is signed. */
export function updateProposal({ id, input }: { id: string; input: ProposalInput }) {
  return apiSend('PUT', one(id), ProposalSavedSchema, input);
}

export function useUpdateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProposal,
    meta: { error: { fallback: 'Failed to save the proposal' } },
    onSuccess: keep(queryClient),
  });
}

/** POST /api/admin/proposals/{id}/send: e-mails the recipient the link (again). */
export function sendProposal(id: string) {
  return apiSend('POST', `${one(id)}/send`, ProposalSavedSchema);
}

export function useSendProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendProposal,
    meta: { error: { fallback: 'Failed to send the proposal' } },
    onSuccess: keep(queryClient),
  });
}

/** POST /api/admin/proposals/{id}/revoke: the link sent stops working (sending again makes a new one). */
export function revokeProposalLink(id: string) {
  return apiSend('POST', `${one(id)}/revoke`, ProposalSavedSchema);
}

export function useRevokeProposalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeProposalLink,
    meta: { error: { fallback: 'Failed to revoke the link' } },
    onSuccess: keep(queryClient),
  });
}

/** DELETE /api/admin/proposals/{id}: a draft, answered 204. */
export async function deleteProposal(id: string): Promise<void> {
  await apiRequest('DELETE', one(id));
}

export function useDeleteProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProposal,
    meta: { error: { fallback: 'Failed to delete the proposal' } },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: proposalDetailKey(id) });
      return queryClient.invalidateQueries({ queryKey: proposalPagesKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@shared/zod';
import { PROPOSAL_STATUSES, type SignProposal } from '@shared/schemas/proposals';
import { apiSend } from '@/lib/api-request';
import { proposalQueryOptions } from './get-proposal';

/**
 * The part of the sign and decline answers the page relies on: it reads the proposal again
 * afterwards, so whatever else the server sends along is not needed here.
 */
const ProposalStatusAnswerSchema = z.object({ status: z.enum(PROPOSAL_STATUSES) });

/** POST /api/proposals/{token}/sign: the version read, the signer's name and mark, consent. */
export function signProposal(token: string, body: SignProposal) {
  return apiSend(
    'POST',
    `/api/proposals/${encodeURIComponent(token)}/sign`,
    ProposalStatusAnswerSchema,
    body,
  );
}

/**
 * Signs, then reads the proposal again before it is done, so the page goes from the form to
 * the signed state in one step. Its failures are shown by the form (a changed proposal is
 * shown again rather than reported), hence no toast.
 */
export function useSignProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignProposal) => signProposal(token, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: proposalQueryOptions(token).queryKey }),
  });
}

/** POST /api/proposals/{token}/decline, with the optional reason. */
export function declineProposal(token: string, reason: string | undefined) {
  return apiSend(
    'POST',
    `/api/proposals/${encodeURIComponent(token)}/decline`,
    ProposalStatusAnswerSchema,
    reason ? { reason } : {},
  );
}

export function useDeclineProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | undefined) => declineProposal(token, reason),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: proposalQueryOptions(token).queryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicProposalSchema, type PublicProposal } from '@shared/schemas/proposals';
import { apiGet } from '@/lib/api-request';

/** GET /api/proposals/{token}: what the signer's page shows, to whoever holds the link. */
export function getProposal(token: string, signal?: AbortSignal) {
  return apiGet(`/api/proposals/${encodeURIComponent(token)}`, PublicProposalSchema, signal);
}

export const proposalQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/proposals', token],
    queryFn: ({ signal }) => getProposal(token, signal),
    retry: false,
  });

/** How many times the page asks again after Checkout before it stops waiting for Stripe. */
export const PAYMENT_POLLS = 6;

/**
 * The wait before the `asked`-th poll after Checkout: 1 s, 2 s, 4 s... up to 16 s (about
 * 45 s in all), as Stripe's webhook may take a moment to mark the invoice paid.
 */
export function pollDelay(asked: number): number {
  return Math.min(1_000 * 2 ** asked, 16_000);
}

/** How long the page says it is waiting for the payment: as long as its polls take. */
export const PAYMENT_WAIT_MS = Array.from({ length: PAYMENT_POLLS }, (_, asked) =>
  pollDelay(asked),
).reduce((sum, delay) => sum + delay, 0);

/** Whether the first invoice of a signed proposal is paid (or there is nothing to pay). */
export function isPaid(proposal: PublicProposal): boolean {
  return proposal.status === 'paid' || proposal.payment?.paid === true;
}

/** The proposal; with `awaitingPayment` (back from Checkout), asked again until it is paid. */
export function useProposal(token: string, options: { awaitingPayment: boolean }) {
  return useQuery({
    ...proposalQueryOptions(token),
    refetchInterval: (query) => {
      const data = query.state.data;
      // dataUpdateCount counts the first answer too: the polls made so far are one fewer.
      const polls = query.state.dataUpdateCount - 1;
      if (!options.awaitingPayment || !data || isPaid(data) || polls >= PAYMENT_POLLS) {
        return false;
      }
      return pollDelay(polls);
    },
  });
}

/** GET /api/proposals/{token}/pdf: the sealed agreement, once signed. */
export const proposalPdfUrl = (token: string) => `/api/proposals/${encodeURIComponent(token)}/pdf`;

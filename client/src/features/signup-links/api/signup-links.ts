import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientAccount,
  GeneratedSignupLink,
  GenerateSignupLink,
  SignupInvite,
  SignupLink,
} from '@shared/schemas/signup-links';
import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { apiRequest } from '@/lib/api-request';

const LINKS = '/api/admin/signup-links';
const CLIENTS = '/api/admin/clients';

export const signupLinksQueryOptions = () =>
  queryOptions<SignupLink[]>({ queryKey: [LINKS], staleTime: 0 });

export function useSignupLinks() {
  return useQuery(signupLinksQueryOptions());
}

export const clientAccountsQueryOptions = () =>
  queryOptions<ClientAccount[]>({ queryKey: [CLIENTS], staleTime: 0 });

export function useClientAccounts() {
  return useQuery(clientAccountsQueryOptions());
}

/** POST /api/admin/generate-signup-link -> {signupUrl, link, invitation}. */
export function useGenerateSignupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GenerateSignupLink) =>
      (await (
        await apiRequest('POST', '/api/admin/generate-signup-link', input)
      ).json()) as GeneratedSignupLink,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: signupLinksQueryOptions().queryKey }),
  });
}

/** Mails the invitation for a link just generated (the server checks the link against it). */
export function useSendSignupLink() {
  return useMutation({
    mutationFn: async ({ id, signupUrl }: { id: string; signupUrl: string }) =>
      (await (await apiRequest('POST', `${LINKS}/${id}/send`, { signupUrl })).json()) as {
        message: string;
      },
  });
}

/** GET /api/signup/{token}: the invitation, for the invited visitor. */
export const signupInviteQueryOptions = (token: string) =>
  queryOptions<SignupInvite>({ queryKey: ['/api/signup', token] });

export function useSignupInvite(token: string) {
  return useQuery(signupInviteQueryOptions(token));
}

/** POST /api/signup/{token}/redeem, signed in: the link is used and the plan requested. */
export function useRedeemSignupLink() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await (
        await apiRequest('POST', `/api/signup/${token}/redeem`)
      ).json()) as SubscriptionChange,
  });
}

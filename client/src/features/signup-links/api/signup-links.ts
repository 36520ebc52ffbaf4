import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientAccountPage,
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

export interface ClientAccountsQuery {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** GET /api/admin/clients?q=&page=&pageSize=: one page of the client accounts. */
export async function getClientAccounts(query: ClientAccountsQuery): Promise<ClientAccountPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const res = await apiRequest('GET', `${CLIENTS}?${params.toString()}`);
  return (await res.json()) as ClientAccountPage;
}

export const clientAccountsQueryOptions = (query: ClientAccountsQuery = {}) =>
  queryOptions({
    queryKey: [CLIENTS, query],
    queryFn: () => getClientAccounts(query),
    staleTime: 0,
  });

export function useClientAccounts(query: ClientAccountsQuery = {}) {
  return useQuery(clientAccountsQueryOptions(query));
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

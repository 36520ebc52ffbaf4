import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignupInviteSchema } from '@shared/schemas/signup-links';
import { apiGet } from '@/lib/api-request';

/** GET /api/signup/{token}: the invitation, for the invited visitor. */
export function getSignupInvite(token: string, signal?: AbortSignal) {
  return apiGet(`/api/signup/${token}`, SignupInviteSchema, signal);
}

export const signupInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/signup', token],
    queryFn: ({ signal }) => getSignupInvite(token, signal),
  });

export function useSignupInvite(token: string) {
  return useQuery(signupInviteQueryOptions(token));
}

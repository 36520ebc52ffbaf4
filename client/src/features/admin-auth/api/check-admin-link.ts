import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminInviteDetailsSchema, AdminLinkReadySchema } from '@shared/schemas/admin-accounts';
import { apiGet } from '@/lib/api-request';

const withToken = (url: string, token: string) => `${url}?token=${encodeURIComponent(token)}`;

/**
 * GET /api/admin/password-reset or /api/admin/first-admin with the link's token: whether the
 * link still works. A refusal is the page's to show, so it is not retried.
 */
export const adminLinkQueryOptions = (kind: 'reset' | 'setup', token: string) => {
  const url = kind === 'reset' ? '/api/admin/password-reset' : '/api/admin/first-admin';
  return queryOptions({
    queryKey: [url, token],
    queryFn: ({ signal }) => apiGet(withToken(url, token), AdminLinkReadySchema, signal),
    retry: false,
    staleTime: Infinity,
  });
};

/** GET /api/admin/admin-invites/accept?token=: whom the invitation is for, while it works. */
export const adminInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/admin/admin-invites/accept', token],
    queryFn: ({ signal }) =>
      apiGet(withToken('/api/admin/admin-invites/accept', token), AdminInviteDetailsSchema, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useAdminLink = (kind: 'reset' | 'setup', token: string) =>
  useQuery(adminLinkQueryOptions(kind, token));
export const useAdminInvite = (token: string) => useQuery(adminInviteQueryOptions(token));

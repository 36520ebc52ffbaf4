import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminListPageSchema,
  AdminMessageSchema,
  PendingAdminInvitePageSchema,
  type AdminInvite,
} from '@shared/schemas/admin-accounts';
import { apiGet, apiSend } from '@/lib/api-request';

/** Settings shows one page of each: an agency has a handful of admins. */
const PAGE = 'page=1&pageSize=100';

/** GET /api/admin/admins */
export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/admins', PAGE],
    queryFn: ({ signal }) => apiGet(`/api/admin/admins?${PAGE}`, AdminListPageSchema, signal),
  });

/** GET /api/admin/admin-invites: the invitations still waiting. */
export const adminInvitesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/admin-invites', PAGE],
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/admin-invites?${PAGE}`, PendingAdminInvitePageSchema, signal),
  });

export const useAdmins = () => useQuery(adminsQueryOptions());
export const useAdminInvites = () => useQuery(adminInvitesQueryOptions());

/** POST /api/admin/admin-invites */
export function inviteAdmin(input: AdminInvite) {
  return apiSend('POST', '/api/admin/admin-invites', AdminMessageSchema, input);
}

/** DELETE /api/admin/admin-invites/{id} */
export function revokeAdminInvite(id: string) {
  return apiSend(
    'DELETE',
    `/api/admin/admin-invites/${encodeURIComponent(id)}`,
    AdminMessageSchema,
  );
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    meta: { error: 'The invitation could not be sent. Please try again.' },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminInvitesQueryOptions().queryKey }),
  });
}

export function useRevokeAdminInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdminInvite,
    meta: { error: 'The invitation could not be revoked. Please try again.' },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminInvitesQueryOptions().queryKey }),
  });
}

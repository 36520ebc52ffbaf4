import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type {
  AcceptAdminInvite,
  AdminPasswordReset,
  FirstAdmin,
} from '@shared/schemas/admin-accounts';
import { AdminLoginResultSchema } from '@shared/schemas/auth';
import { toast } from '@/components/ui/use-toast';
import { apiSend } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/password-reset: the new password; signed in, or the code still to enter. */
export function resetPasswordWithLink(input: AdminPasswordReset) {
  return apiSend('POST', '/api/admin/password-reset', AdminLoginResultSchema, input);
}

/** POST /api/admin/first-admin: the first admin, signed in. */
export function createFirstAdmin(input: FirstAdmin) {
  return apiSend('POST', '/api/admin/first-admin', AdminLoginResultSchema, input);
}

/** POST /api/admin/admin-invites/accept: the invited admin, signed in. */
export function acceptAdminInvite(input: AcceptAdminInvite) {
  return apiSend('POST', '/api/admin/admin-invites/accept', AdminLoginResultSchema, input);
}

/** A one-time link's form: once it is used, the admin is signed in (or asked for the code). */
export function useCompleteAdminLink<Input>(
  send: (input: Input) => ReturnType<typeof resetPasswordWithLink>,
  error: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { error },
    onSuccess: (result) => {
      if (!('twoFactorRequired' in result)) {
        queryClient.setQueryData(adminQueryOptions().queryKey, result);
      }
    },
  });
}

/**
 * A new admin account's form (the first admin, an accepted invitation): once the account is
 * made, its admin is signed in and welcomed on the dashboard.
 */
export function useCreateAdminAccount<Input>(
  send: (input: Input) => ReturnType<typeof resetPasswordWithLink>,
  error: string,
) {
  const [, navigate] = useLocation();
  const mutation = useCompleteAdminLink(send, error);
  const create = (input: Input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Welcome!', description: 'Your admin account is ready.' });
        navigate(paths.admin.dashboard());
      },
    });
  return { create, isPending: mutation.isPending };
}

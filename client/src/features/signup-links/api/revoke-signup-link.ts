import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignupLinkSchema } from '@shared/schemas/signup-links';
import { apiSend } from '@/lib/api-request';
import { signupLinkPagesKey } from './get-signup-links';

/** POST /api/admin/signup-links/{id}/revoke: the invitation's link no longer opens. */
export function revokeSignupLink(id: string) {
  return apiSend('POST', `/api/admin/signup-links/${id}/revoke`, SignupLinkSchema);
}

export function useRevokeSignupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSignupLink,
    meta: { error: { fallback: 'Failed to revoke the link' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupLinkPagesKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GeneratedSignupLinkSchema } from '@shared/schemas/signup-links';
import { apiSend } from '@/lib/api-request';
import { signupLinkPagesKey } from './get-signup-links';

/**
 * POST /api/admin/signup-links/{id}/renew: a new link for an invitation of the list, valid
 * for the days set in Settings again (only hashes are stored: the previous link stops working).
 */
export function renewSignupLink(id: string) {
  return apiSend('POST', `/api/admin/signup-links/${id}/renew`, GeneratedSignupLinkSchema);
}

export function useRenewSignupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewSignupLink,
    meta: { error: { fallback: 'Failed to make a new link' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupLinkPagesKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignupLinkSentSchema } from '@shared/schemas/signup-links';
import { apiSend } from '@/lib/api-request';
import { signupLinkPagesKey } from './get-signup-links';

/** POST /api/admin/signup-links/{id}/resend: e-mails the invitation again, with a new link. */
export function resendSignupLink(id: string) {
  return apiSend('POST', `/api/admin/signup-links/${id}/resend`, SignupLinkSentSchema);
}

export function useResendSignupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendSignupLink,
    meta: { error: { fallback: 'Failed to send the invitation' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupLinkPagesKey }),
  });
}

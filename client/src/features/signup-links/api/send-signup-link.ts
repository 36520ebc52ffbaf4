import { useMutation } from '@tanstack/react-query';
import { SignupLinkSentSchema } from '@shared/schemas/signup-links';
import { apiSend } from '@/lib/api-request';

/**
 * POST /api/admin/signup-links/{id}/send: mails the invitation for a link just generated
 * (the server checks the link against the record).
 */
export function sendSignupLink({ id, signupUrl }: { id: string; signupUrl: string }) {
  return apiSend('POST', `/api/admin/signup-links/${id}/send`, SignupLinkSentSchema, {
    signupUrl,
  });
}

export function useSendSignupLink() {
  return useMutation({
    mutationFn: sendSignupLink,
    meta: { error: { fallback: 'Failed to send the invitation' } },
  });
}

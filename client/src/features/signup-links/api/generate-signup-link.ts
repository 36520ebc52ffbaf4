import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GeneratedSignupLinkSchema, type GenerateSignupLink } from '@shared/schemas/signup-links';
import { apiSend } from '@/lib/api-request';
import { signupLinkPagesKey } from './get-signup-links';

/** POST /api/admin/generate-signup-link: the link (shown once), its record and the e-mail. */
export function generateSignupLink(input: GenerateSignupLink) {
  return apiSend('POST', '/api/admin/generate-signup-link', GeneratedSignupLinkSchema, input);
}

export function useGenerateSignupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSignupLink,
    meta: { error: { fallback: 'Failed to generate link' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupLinkPagesKey }),
  });
}

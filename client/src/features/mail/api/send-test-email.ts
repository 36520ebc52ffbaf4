import { useMutation } from '@tanstack/react-query';
import { TestEmailResultSchema } from '@shared/schemas/mail';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/test-email: a message to the signed-in admin, and what became of it. */
export function sendTestEmail() {
  return apiSend('POST', '/api/admin/test-email', TestEmailResultSchema);
}

/** The outcome, either way, is shown beside the button (Settings' Outgoing Mail card). */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: sendTestEmail,
    meta: { error: { fallback: 'The test e-mail could not be sent.' } },
  });
}

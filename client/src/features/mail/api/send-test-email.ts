import { useMutation } from '@tanstack/react-query';
import { TestEmailResultSchema } from '@shared/schemas/mail';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/test-email: a message to the signed-in admin, and what became of it. */
export function sendTestEmail() {
  return apiSend('POST', '/api/admin/test-email', TestEmailResultSchema);
}

/**
 * The outcome, either way, is shown beside the button (Settings' Outgoing Mail card): a failed
 * call too, so no toast says it a second time.
 */
export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

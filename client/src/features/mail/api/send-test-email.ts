import { useMutation } from '@tanstack/react-query';
import { TestEmailResultSchema } from '@shared/schemas/mail';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/test-email: a message to the signed-in admin, and what became of it. */
export function sendTestEmail() {
  return apiSend('POST', '/api/admin/test-email', TestEmailResultSchema);
}

/** The page shows the outcome, either way, in a browser alert (spec section 8). */
export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

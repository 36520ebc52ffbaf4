import { useMutation } from '@tanstack/react-query';
import { AdminMessageSchema, type AdminForgotPassword } from '@shared/schemas/admin-accounts';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/forgot-password: the same answer whether or not the address is an admin's. */
export function requestPasswordReset(input: AdminForgotPassword) {
  return apiSend('POST', '/api/admin/forgot-password', AdminMessageSchema, input);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    meta: { error: 'The request could not be sent. Please try again.' },
  });
}

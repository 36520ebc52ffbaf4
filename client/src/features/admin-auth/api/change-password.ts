import { useMutation } from '@tanstack/react-query';
import { AdminAccountMessageSchema, type ResetPassword } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/reset-password: the admin's other sessions end. */
export function changePassword(input: ResetPassword) {
  return apiSend('POST', '/api/admin/reset-password', AdminAccountMessageSchema, input);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: { error: { fallback: 'Failed to reset password' } },
  });
}

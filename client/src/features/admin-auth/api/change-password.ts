import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-request';

/** POST /api/admin/reset-password: the admin's other sessions end. */
export async function changePassword(input: ResetPassword): Promise<void> {
  await apiRequest('POST', '/api/admin/reset-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

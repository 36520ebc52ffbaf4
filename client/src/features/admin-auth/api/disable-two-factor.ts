import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminAccountMessageSchema, type DisableTwoFactor } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { twoFactorChanged } from './get-two-factor-status';

/** POST /api/admin/two-factor/disable: password and a current code. */
export function disableTwoFactor(input: DisableTwoFactor) {
  return apiSend('POST', '/api/admin/two-factor/disable', AdminAccountMessageSchema, input);
}

/** A refused password or code is shown on the form, so the form reports its own failures. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => twoFactorChanged(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema, type EnableTwoFactor } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { twoFactorChanged } from './get-two-factor-status';

/**
 * POST /api/admin/two-factor/enable: the password and the first code; answers the recovery
 * codes, shown once.
 */
export function enableTwoFactor(input: EnableTwoFactor) {
  return apiSend('POST', '/api/admin/two-factor/enable', RecoveryCodesSchema, input);
}

/** A refused password or code is shown on the form, so the form reports its own failures. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => twoFactorChanged(queryClient),
  });
}

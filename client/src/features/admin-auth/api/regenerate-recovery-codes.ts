import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema, type RegenerateRecoveryCodes } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { twoFactorChanged } from './get-two-factor-status';

/**
 * POST /api/admin/two-factor/recovery-codes: with the password and a code, ten new codes
 * replace the old ones.
 */
export function regenerateRecoveryCodes(input: RegenerateRecoveryCodes) {
  return apiSend('POST', '/api/admin/two-factor/recovery-codes', RecoveryCodesSchema, input);
}

/** A refused password or code is shown on the form, so the form reports its own failures. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => twoFactorChanged(queryClient),
  });
}

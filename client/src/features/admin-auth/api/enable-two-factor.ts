import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { twoFactorChanged } from './get-two-factor-status';

/** POST /api/admin/two-factor/enable: the first code; answers the recovery codes, shown once. */
export function enableTwoFactor(code: string) {
  return apiSend('POST', '/api/admin/two-factor/enable', RecoveryCodesSchema, { code });
}

/** A refused code is shown on the code field, so the form reports its own failures. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => twoFactorChanged(queryClient),
  });
}

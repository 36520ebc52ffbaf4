import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';
import { twoFactorChanged } from './get-two-factor-status';

/** POST /api/admin/two-factor/recovery-codes: ten new codes replace the old ones. */
export function regenerateRecoveryCodes(code: string) {
  return apiSend('POST', '/api/admin/two-factor/recovery-codes', RecoveryCodesSchema, { code });
}

/** A refused code is shown on the code field, so the form reports its own failures. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => twoFactorChanged(queryClient),
  });
}

import { useMutation } from '@tanstack/react-query';
import { TwoFactorSetupSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/two-factor/setup: a new secret, its QR code and otpauth URL. */
export function startTwoFactorSetup() {
  return apiSend('POST', '/api/admin/two-factor/setup', TwoFactorSetupSchema);
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: startTwoFactorSetup,
    meta: { error: { title: 'Two-factor set-up could not start', fallback: 'Please try again.' } },
  });
}

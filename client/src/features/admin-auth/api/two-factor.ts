import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactor,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-request';
import { adminQueryOptions } from './get-admin';

const TWO_FACTOR = '/api/admin/two-factor';

/** GET /api/admin/two-factor: on or off, and how many recovery codes are left. */
export const twoFactorQueryOptions = () =>
  queryOptions<TwoFactorStatus>({ queryKey: [TWO_FACTOR], staleTime: 0 });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  return (await (await apiRequest('POST', `${TWO_FACTOR}${path}`, body)).json()) as T;
}

/** POST /api/admin/two-factor/setup: a new secret, its QR code and otpauth URL. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => post<TwoFactorSetup>('/setup') });
}

/** The status and the admin (its twoFactor flags) change together. */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: adminQueryOptions().queryKey }),
    ]);
}

/** POST /api/admin/two-factor/enable: the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (code: string) => post<RecoveryCodes>('/enable', { code }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/two-factor/disable: password and a current code. */
export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: DisableTwoFactor) => post<{ message: string }>('/disable', input),
    onSuccess: refresh,
  });
}

/** POST /api/admin/two-factor/recovery-codes: ten new codes replace the old ones. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (code: string) => post<RecoveryCodes>('/recovery-codes', { code }),
    onSuccess: refresh,
  });
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordChangeForm } from '@shared/schemas/auth';
import { PasswordChangedSchema, PasswordStatusSchema } from '@shared/schemas/profile';
import { apiGet, apiSend } from '@/lib/api-request';

/** GET /api/auth/user/password: whether the client's password can be changed here. */
export const passwordStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/user/password'],
    queryFn: ({ signal }) => apiGet('/api/auth/user/password', PasswordStatusSchema, signal),
  });

export function usePasswordStatus() {
  return useQuery(passwordStatusQueryOptions());
}

/**
 * POST /api/auth/user/password: the current password and the new one twice. No toast on a
 * failure: the form shows it (a wrong current password on its field).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (form: PasswordChangeForm) =>
      apiSend('POST', '/api/auth/user/password', PasswordChangedSchema, form),
  });
}

import { useMutation } from '@tanstack/react-query';
import { LogoutResultSchema, type LogoutResult } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-request';

/** POST /api/logout: ends the session; answers where to go to end the provider's session too. */
export async function logout(): Promise<LogoutResult> {
  const res = await apiRequest('POST', '/api/logout');
  return LogoutResultSchema.parse(await res.json());
}

/**
 * Signs the client out, then leaves the app for the provider's end-session page (which comes
 * back to the home page): a full navigation, so nothing of the session stays in memory.
 */
export function useLogout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: logout,
    onSuccess: ({ redirectTo }) => navigate(redirectTo),
  });
}

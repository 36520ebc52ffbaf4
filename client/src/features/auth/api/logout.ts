import { useMutation } from '@tanstack/react-query';
import { LogoutResultSchema } from '@shared/schemas/auth';
import { apiSend } from '@/lib/api-request';

/** POST /api/logout: ends the session; answers where to go to end the provider's session too. */
export function logout() {
  return apiSend('POST', '/api/logout', LogoutResultSchema);
}

/**
 * Signs the client out, then leaves the app for the provider's end-session page (which comes
 * back to the home page): a full navigation, so nothing of the session stays in memory.
 */
export function useLogout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: logout,
    meta: { error: { fallback: 'Failed to logout', serverMessage: false } },
    onSuccess: ({ redirectTo }) => navigate(redirectTo),
  });
}

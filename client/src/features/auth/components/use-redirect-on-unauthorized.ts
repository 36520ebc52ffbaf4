import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@shared/constants';
import { toast } from '@/components/ui/use-toast';
import { useOnUnauthorized } from '@/lib/use-on-unauthorized';

let redirecting = false;

/**
 * Spec section 8: a 401 from any portal call means the session is gone. Say so, then after
 * 500 ms sign in again (the browser goes to /api/login, coming back to this page). An ended
 * session is no error of the client's: the toast is the ordinary one, not the red one.
 */
export function redirectToLogin(): void {
  if (redirecting) return;
  redirecting = true;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
  });
  const returnTo = window.location.pathname + window.location.search;
  window.setTimeout(() => {
    window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** Watches every query and mutation of the portal for a 401. */
export function useRedirectOnUnauthorized(): void {
  useOnUnauthorized(redirectToLogin);
}

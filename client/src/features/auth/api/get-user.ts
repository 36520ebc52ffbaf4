import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE, USER_QUERY_GC_MS, USER_QUERY_STALE_MS } from '@shared/constants';
import type { CurrentUser } from '@shared/schemas/profile';
import { getQueryFn } from '@/lib/query-client';

/** GET /api/auth/user: the signed-in client, or null (a 401 means "no user", not an error). */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
    staleTime: USER_QUERY_STALE_MS,
    gcTime: USER_QUERY_GC_MS,
  });

/** Whether the browser holds the server's "probably signed in" hint cookie. */
export function hasSignedInHint(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
  );
}

/**
 * The signed-in client. On public pages (`onlyWithHint`) the server is asked only when the
 * hint cookie says a session may exist, so a visitor's first paint waits for nothing.
 */
export function useUser({ onlyWithHint = false }: { onlyWithHint?: boolean } = {}) {
  const query = useQuery({ ...userQueryOptions(), enabled: !onlyWithHint || hasSignedInHint() });
  return {
    user: query.data ?? undefined,
    isLoading: query.isLoading,
    // Spec section 3: authenticated when data exists and there is no error.
    isAuthenticated: Boolean(query.data) && !query.error,
  };
}

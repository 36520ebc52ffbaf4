import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_QUERY_GC_MS, USER_QUERY_STALE_MS } from '@shared/constants';
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

export function useUser() {
  const query = useQuery(userQueryOptions());
  return {
    user: query.data ?? undefined,
    isLoading: query.isLoading,
    // Spec section 3: authenticated when data exists and there is no error.
    isAuthenticated: Boolean(query.data) && !query.error,
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_QUERY_GC_MS, USER_QUERY_STALE_MS } from '@shared/constants';
import { CurrentUserSchema } from '@shared/schemas/profile';
import { apiGet, isUnauthorized } from '@/lib/api-request';

/** GET /api/auth/user: the signed-in client, or null (a 401 means "no user", not an error). */
export async function getUser(signal?: AbortSignal) {
  try {
    return await apiGet('/api/auth/user', CurrentUserSchema, signal);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: ({ signal }) => getUser(signal),
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

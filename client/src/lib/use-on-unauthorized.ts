import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUnauthorized } from './api-request';

/**
 * Calls `onUnauthorized` whenever a query or mutation of the query client fails with a 401:
 * the one watch behind the portal's and the admin's "your session is over" handling. A 401 of
 * the query under `ignoreKey` (the guard's own session query) is left to whoever reads it.
 */
export function useOnUnauthorized(onUnauthorized: () => void, ignoreKey?: QueryKey): void {
  const queryClient = useQueryClient();
  const ignoredHash = ignoreKey && hashKey(ignoreKey);
  useEffect(() => {
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryHash === ignoredHash) return;
      if (isUnauthorized(event.action.error)) onUnauthorized();
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) onUnauthorized();
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, onUnauthorized, ignoredHash]);
}

import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUnauthorized } from '@/lib/api-request';
import { adminQueryOptions } from '../api/get-admin';

/**
 * The admin's session can end while a screen is open (signed out elsewhere, its lifetime
 * over): a call then answers 401, and the query client's error toast leaves a 401 to the
 * guards. This asks for the admin again; the shell, finding none, says so and goes to the
 * login page.
 */
export function useRecheckAdminOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const adminKey = adminQueryOptions().queryKey;
    const recheck = () => void queryClient.invalidateQueries({ queryKey: adminKey, exact: true });
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // The admin's own 401 is the answer the shell acts on, not a reason to ask again.
      if (event.query.queryHash === hashKey(adminKey)) return;
      if (isUnauthorized(event.action.error)) recheck();
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) recheck();
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}

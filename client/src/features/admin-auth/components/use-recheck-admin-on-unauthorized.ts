import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOnUnauthorized } from '@/lib/use-on-unauthorized';
import { adminQueryOptions } from '../api/get-admin';

const ADMIN_KEY = adminQueryOptions().queryKey;

/**
 * The admin's session can end while a screen is open (signed out elsewhere, its lifetime
 * over): a call then answers 401, and the query client's error toast leaves a 401 to the
 * guards. This asks for the admin again; the shell, finding none, says so and goes to the
 * login page. The admin's own 401 is the answer the shell acts on, not a reason to ask again.
 */
export function useRecheckAdminOnUnauthorized(): void {
  const queryClient = useQueryClient();
  const recheck = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, exact: true }),
    [queryClient],
  );
  useOnUnauthorized(recheck, ADMIN_KEY);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedInAdmin } from '@shared/schemas/auth';

/** GET /api/admin/me: the signed-in admin (401 when there is none). */
export const adminQueryOptions = () => queryOptions<SignedInAdmin>({ queryKey: ['/api/admin/me'] });

export function useAdmin() {
  return useQuery(adminQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/admin/me: the signed-in admin (401 when there is none). */
export interface CurrentAdmin {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
}

export const adminQueryOptions = () => queryOptions<CurrentAdmin>({ queryKey: ['/api/admin/me'] });

export function useAdmin() {
  return useQuery(adminQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { LogoSchema } from '@shared/schemas/settings';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/settings/logo: the logo drawn on the PDFs, or none. */
export const logoQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings/logo'],
    queryFn: ({ signal }) => apiGet('/api/admin/settings/logo', LogoSchema, signal),
  });

export function useLogo() {
  return useQuery(logoQueryOptions());
}

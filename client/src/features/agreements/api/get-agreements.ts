import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientAgreementListSchema } from '@shared/schemas/proposals';
import { apiGet } from '@/lib/api-request';

/** GET /api/proposals/mine: the signed-in client's signed proposals. */
export const agreementsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/proposals/mine'],
    queryFn: ({ signal }) => apiGet('/api/proposals/mine', ClientAgreementListSchema, signal),
  });

export function useAgreements() {
  return useQuery(agreementsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ResponseTimeSettingsViewSchema } from '@shared/schemas/response-times';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/settings/response-times: the support hours and each plan's targets. */
export function getResponseTimes(signal?: AbortSignal) {
  return apiGet('/api/admin/settings/response-times', ResponseTimeSettingsViewSchema, signal);
}

export const responseTimesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings/response-times'],
    queryFn: ({ signal }) => getResponseTimes(signal),
  });

export function useResponseTimes() {
  return useQuery(responseTimesQueryOptions());
}

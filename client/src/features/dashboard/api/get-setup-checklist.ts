import { queryOptions, useQuery } from '@tanstack/react-query';
import { SetupChecklistSchema } from '@shared/schemas/dashboard';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/setup-checklist: which set-up steps are done, from the real state. */
export function getSetupChecklist(signal?: AbortSignal) {
  return apiGet('/api/admin/setup-checklist', SetupChecklistSchema, signal);
}

/** Fresh each time the dashboard opens: a step done elsewhere shows as done on return. */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/setup-checklist'],
    queryFn: ({ signal }) => getSetupChecklist(signal),
    staleTime: 0,
  });

export function useSetupChecklist() {
  return useQuery(setupChecklistQueryOptions());
}

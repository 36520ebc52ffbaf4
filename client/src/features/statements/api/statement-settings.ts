import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StatementSettingsSchema, type StatementSettings } from '@shared/schemas/statements';
import { apiGet, apiSend } from '@/lib/api-request';

const PATH = '/api/admin/settings/statements';

/** GET /api/admin/settings/statements: whether last month's statements go out on the 1st. */
export const statementSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH] as const,
    queryFn: ({ signal }) => apiGet(PATH, StatementSettingsSchema, signal),
  });

export function useStatementSettings() {
  return useQuery(statementSettingsQueryOptions());
}

/** PUT /api/admin/settings/statements. */
export function useSaveStatementSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementSettings) => apiSend('PUT', PATH, StatementSettingsSchema, input),
    meta: { error: { fallback: 'Failed to save the statement settings' } },
    onSuccess: (saved) => queryClient.setQueryData(statementSettingsQueryOptions().queryKey, saved),
  });
}

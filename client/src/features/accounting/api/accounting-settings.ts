import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AccountingSettingsSchema, type AccountingSettings } from '@shared/schemas/exports';
import { apiGet, apiSend } from '@/lib/api-request';

const PATH = '/api/admin/settings/accounting';

/** GET /api/admin/settings/accounting: the nine ledger accounts the journal posts to. */
export const accountingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH] as const,
    queryFn: ({ signal }) => apiGet(PATH, AccountingSettingsSchema, signal),
  });

export function useAccountingSettings() {
  return useQuery(accountingSettingsQueryOptions());
}

/** PUT /api/admin/settings/accounting. */
export function saveAccountingSettings(input: AccountingSettings) {
  return apiSend('PUT', PATH, AccountingSettingsSchema, input);
}

export function useSaveAccountingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountingSettings,
    meta: { error: { fallback: 'Failed to save the accounting accounts' } },
    onSuccess: (saved) =>
      queryClient.setQueryData(accountingSettingsQueryOptions().queryKey, saved),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientTaxSettingsSchema, type ClientTaxSettings } from '@shared/schemas/tax';
import { apiGet, apiSend } from '@/lib/api-request';

const pathOf = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}/tax`;

/** GET /api/admin/clients/{id}/tax: exemption, the client's own rates, late-fee exemption. */
export const clientTaxSettingsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [pathOf(clientId)] as const,
    queryFn: ({ signal }) => apiGet(pathOf(clientId), ClientTaxSettingsSchema, signal),
  });

export function useClientTaxSettings(clientId: string) {
  return useQuery(clientTaxSettingsQueryOptions(clientId));
}

/** PUT /api/admin/clients/{id}/tax: the settings as saved. */
export function saveClientTaxSettings({
  clientId,
  ...settings
}: ClientTaxSettings & { clientId: string }) {
  return apiSend('PUT', pathOf(clientId), ClientTaxSettingsSchema, settings);
}

export function useSaveClientTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClientTaxSettings,
    meta: { error: { fallback: 'The tax settings could not be saved. Please try again.' } },
    onSuccess: (saved, { clientId }) =>
      queryClient.setQueryData(clientTaxSettingsQueryOptions(clientId).queryKey, saved),
  });
}

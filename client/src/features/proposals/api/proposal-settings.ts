import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProposalSettingsSchema, type ProposalSettings } from '@shared/schemas/proposals';
import { apiGet, apiSend } from '@/lib/api-request';

const PATH = '/api/admin/settings/proposals';

/** GET /api/admin/settings/proposals: default terms, the consent wording, reminder days. */
export const proposalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH] as const,
    queryFn: ({ signal }) => apiGet(PATH, ProposalSettingsSchema, signal),
  });

export function useProposalSettings() {
  return useQuery(proposalSettingsQueryOptions());
}

/** PUT /api/admin/settings/proposals. */
export function saveProposalSettings(input: ProposalSettings) {
  return apiSend('PUT', PATH, ProposalSettingsSchema, input);
}

export function useSaveProposalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProposalSettings,
    meta: { error: { fallback: 'Failed to save the proposal settings' } },
    onSuccess: (saved) => queryClient.setQueryData(proposalSettingsQueryOptions().queryKey, saved),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientDetailSchema, type ClientDetails } from '@shared/schemas/clients';
import {
  AgencyChangeAnswerSchema,
  type AdminSubscriptionChange,
  type FreeMonths,
} from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { clientQueryOptions } from './get-client';

const clientPath = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}`;

/** Every action of the client page changes what the page shows: it is read again. */
function useRefreshClient(clientId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey });
}

/**
 * PATCH /api/admin/clients/{id}/subscription: change the plan (now or from the next period),
 * cancel at the period end or take it back, or end the plan now; answers what happened.
 */
export function useChangeClientSubscription(clientId: string) {
  const refresh = useRefreshClient(clientId);
  return useMutation({
    mutationFn: (change: Partial<AdminSubscriptionChange>) =>
      apiSend('PATCH', `${clientPath(clientId)}/subscription`, AgencyChangeAnswerSchema, change),
    meta: { error: { fallback: 'The plan could not be changed. Please try again.' } },
    onSuccess: refresh,
  });
}

/** POST /api/admin/clients/{id}/free-months: credited on the next renewal invoices. */
export function useGiveFreeMonths(clientId: string) {
  const refresh = useRefreshClient(clientId);
  return useMutation({
    mutationFn: (body: FreeMonths) =>
      apiSend('POST', `${clientPath(clientId)}/free-months`, AgencyChangeAnswerSchema, body),
    meta: { error: { fallback: 'The free month could not be given. Please try again.' } },
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/clients/{id}: the client's details; answers the client page. */
export function useUpdateClientDetails(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: ClientDetails) =>
      apiSend('PATCH', clientPath(clientId), ClientDetailSchema, details),
    meta: { error: { fallback: "The client's details could not be saved. Please try again." } },
    onSuccess: (detail) => queryClient.setQueryData(clientQueryOptions(clientId).queryKey, detail),
  });
}

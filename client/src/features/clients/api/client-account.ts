import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientActiveChangedSchema } from '@shared/schemas/clients';
import {
  EmailChangeAnswerSchema,
  EmailChangeStatusSchema,
  type EmailChangeRequest,
} from '@shared/schemas/profile';
import { apiGet, apiSend } from '@/lib/api-request';
import { clientQueryOptions } from './get-client';
import { clientPagesKey } from './get-clients';

const clientPath = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}`;

/**
 * PUT /api/admin/clients/{id}/active: deactivate (false) or reactivate (true) the account.
 * The page and the directory (its badge) are read again.
 */
export function useSetClientActive(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      apiSend('PUT', `${clientPath(clientId)}/active`, ClientActiveChangedSchema, { active }),
    meta: { error: { fallback: "The client's account could not be changed. Please try again." } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientPagesKey }),
      ]),
  });
}

/** GET /api/admin/clients/{id}/email-change: whether it can change here, and the one under way. */
export const clientEmailChangeQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'email-change', clientId],
    queryFn: ({ signal }) =>
      apiGet(`${clientPath(clientId)}/email-change`, EmailChangeStatusSchema, signal),
  });

export function useClientEmailChange(clientId: string) {
  return useQuery(clientEmailChangeQueryOptions(clientId));
}

/** The status and the page are read again after each step. */
function useEmailChangeMutation<Body>(
  clientId: string,
  send: (body: Body) => Promise<{ message: string; pending: unknown }>,
  fallback?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: fallback ? { error: { fallback } } : undefined,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: clientEmailChangeQueryOptions(clientId).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
      ]),
  });
}

/**
 * POST /api/admin/clients/{id}/email-change: a code to the new address, for the client. No
 * toast on a failure: the form shows it on the address (a 409 when another account holds it).
 */
export function useStartClientEmailChange(clientId: string) {
  return useEmailChangeMutation(clientId, (body: EmailChangeRequest) =>
    apiSend('POST', `${clientPath(clientId)}/email-change`, EmailChangeAnswerSchema, body),
  );
}

/** DELETE /api/admin/clients/{id}/email-change: the change under way is dropped. */
export function useCancelClientEmailChange(clientId: string) {
  return useEmailChangeMutation(
    clientId,
    () => apiSend('DELETE', `${clientPath(clientId)}/email-change`, EmailChangeAnswerSchema),
    'The e-mail change could not be cancelled. Please try again.',
  );
}

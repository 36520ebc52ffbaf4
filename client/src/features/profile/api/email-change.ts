import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EmailChangeAnswerSchema,
  EmailChangeStatusSchema,
  type EmailChangeCode,
  type EmailChangeRequest,
} from '@shared/schemas/profile';
import { apiGet, apiSend } from '@/lib/api-request';
import { userQueryOptions } from '@/features/auth/public';

const PATH = '/api/auth/user/email';

/** GET /api/auth/user/email: whether the client can change it here, and the change under way. */
export const emailChangeQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet(PATH, EmailChangeStatusSchema, signal),
  });

export function useEmailChangeStatus() {
  return useQuery(emailChangeQueryOptions());
}

/** Each step answers the change under way: the status is set from it. */
function useStep<Body>(
  send: (body: Body) => Promise<{ message: string; pending: unknown }>,
  refreshUser = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailChangeQueryOptions().queryKey }),
        refreshUser && queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
      ]),
  });
}

/**
 * The steps of an e-mail change; no toast on a failure, the card shows it on its field.
 * POST /api/auth/user/email: a code to the new address.
 */
export function useStartEmailChange() {
  return useStep((body: EmailChangeRequest) =>
    apiSend('POST', PATH, EmailChangeAnswerSchema, body),
  );
}

/** POST /api/auth/user/email/confirm: the code; the profile is read again (its new e-mail). */
export function useConfirmEmailChange() {
  return useStep(
    (body: EmailChangeCode) => apiSend('POST', `${PATH}/confirm`, EmailChangeAnswerSchema, body),
    true,
  );
}

/** POST /api/auth/user/email/resend: a new code to the new address. */
export function useResendEmailChangeCode() {
  return useStep(() => apiSend('POST', `${PATH}/resend`, EmailChangeAnswerSchema));
}

/** DELETE /api/auth/user/email: the change under way is dropped. */
export function useCancelEmailChange() {
  return useStep(() => apiSend('DELETE', PATH, EmailChangeAnswerSchema));
}

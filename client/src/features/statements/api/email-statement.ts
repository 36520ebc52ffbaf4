import { useMutation } from '@tanstack/react-query';
import { StatementEmailedSchema, type StatementQuery } from '@shared/schemas/statements';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/clients/{id}/statement/email: the period's statement e-mailed with its PDF. */
export function useEmailStatement(clientId: string) {
  return useMutation({
    mutationFn: (period: StatementQuery) =>
      apiSend(
        'POST',
        `/api/admin/clients/${encodeURIComponent(clientId)}/statement/email`,
        StatementEmailedSchema,
        period,
      ),
    meta: {
      error: {
        title: 'Statement not sent',
        fallback: 'The statement could not be e-mailed. Please try again.',
      },
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminReportSchema, type CreateReport } from '@shared/schemas/reports';
import { apiSend } from '@/lib/api-request';

/**
 * POST /api/admin/clients/{id}/reports: makes (or makes again) the month's report and e-mails
 * it; the answer's message says what became of the e-mail.
 */
export function useMakeReport(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReport) =>
      apiSend(
        'POST',
        `/api/admin/clients/${encodeURIComponent(clientId)}/reports`,
        AdminReportSchema,
        input,
      ),
    meta: {
      error: {
        title: 'Report not made',
        fallback: 'The report could not be made. Please try again.',
      },
    },
    // The client's reports, and their page, whose e-mails list now has the report's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
  });
}

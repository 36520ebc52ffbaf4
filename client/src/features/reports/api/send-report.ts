import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminReportSchema } from '@shared/schemas/reports';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/reports/{id}/send: "Send again", the report as it was made. */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      apiSend('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/send`, AdminReportSchema),
    meta: {
      error: {
        title: 'Report not sent',
        fallback: 'The report could not be sent. Please try again.',
      },
    },
    // The client's reports, and their page, whose e-mails list now has the report's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogoSchema } from '@shared/schemas/settings';
import { apiSend } from '@/lib/api-request';
import { logoQueryOptions } from './get-logo';

/** DELETE /api/admin/settings/logo: the PDFs show the business's name alone again. */
export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('DELETE', '/api/admin/settings/logo', LogoSchema),
    meta: {
      error: {
        title: 'Logo not removed',
        fallback: 'The logo could not be removed. Please try again.',
      },
    },
    onSuccess: (saved) => queryClient.setQueryData(logoQueryOptions().queryKey, saved),
  });
}

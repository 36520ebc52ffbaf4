import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogoSchema } from '@shared/schemas/settings';
import { apiSend } from '@/lib/api-request';
import { logoQueryOptions } from './get-logo';

/** PUT /api/admin/settings/logo: a multipart form whose file is `logo`; the logo as stored. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return apiSend('PUT', '/api/admin/settings/logo', LogoSchema, form);
    },
    meta: {
      error: {
        title: 'Logo not saved',
        fallback: 'The logo could not be saved. Please try again.',
      },
    },
    onSuccess: (saved) => queryClient.setQueryData(logoQueryOptions().queryKey, saved),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminLegalPageSchema,
  type LegalPageId,
  type SaveLegalPage,
} from '@shared/schemas/legal-pages';
import { apiSend } from '@/lib/api-request';
import { adminLegalPageKey } from './get-admin-legal-page';
import { legalPageQueryOptions } from './get-legal-page';

/** PUT /api/admin/legal-pages/{page}: the owner's Markdown, or null for the default text. */
export function saveLegalPage(page: LegalPageId, body: SaveLegalPage) {
  return apiSend('PUT', `/api/admin/legal-pages/${page}`, AdminLegalPageSchema, body);
}

/** Saves one page; the public page shows the new text on its next read. */
export function useSaveLegalPage(page: LegalPageId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLegalPage) => saveLegalPage(page, body),
    meta: { error: { fallback: 'Failed to save the page. Please try again.' } },
    onSuccess: async (saved) => {
      queryClient.setQueriesData({ queryKey: adminLegalPageKey(page) }, saved);
      await queryClient.invalidateQueries({ queryKey: legalPageQueryOptions(page).queryKey });
    },
  });
}

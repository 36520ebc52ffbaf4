import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SAVED_REPLY_LIST_PARAMS,
  SavedReplyPageSchema,
  SavedReplySchema,
  type SavedReplyInput,
} from '@shared/schemas/saved-replies';
import { apiRequest, apiSend } from '@/lib/api-request';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/admin/saved-replies';

export type SavedReplyListParams = ListParams<(typeof SAVED_REPLY_LIST_PARAMS)[number]>;

/** GET /api/admin/saved-replies?q=&page=&pageSize=: by title, A to Z. */
export const savedRepliesQueryOptions = (params: SavedReplyListParams = {}) =>
  pageQueryOptions(PATH, SavedReplyPageSchema, SAVED_REPLY_LIST_PARAMS, params);

export function useSavedReplies(params: SavedReplyListParams = {}, enabled = true) {
  return useQuery({ ...savedRepliesQueryOptions(params), enabled });
}

function useRefreshingMutation<Input>(
  mutationFn: (input: Input) => Promise<unknown>,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { fallback } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagesKey(PATH) }),
  });
}

/** POST /api/admin/saved-replies. */
export function useCreateSavedReply() {
  return useRefreshingMutation(
    (input: SavedReplyInput) => apiSend('POST', PATH, SavedReplySchema, input),
    'The saved reply could not be saved. Please try again.',
  );
}

/** PUT /api/admin/saved-replies/{id}. */
export function useUpdateSavedReply() {
  return useRefreshingMutation(
    ({ id, ...input }: SavedReplyInput & { id: string }) =>
      apiSend('PUT', `${PATH}/${encodeURIComponent(id)}`, SavedReplySchema, input),
    'The saved reply could not be saved. Please try again.',
  );
}

/** DELETE /api/admin/saved-replies/{id}: answered 204. */
export function useDeleteSavedReply() {
  return useRefreshingMutation(async (id: string) => {
    await apiRequest('DELETE', `${PATH}/${encodeURIComponent(id)}`);
  }, 'The saved reply could not be deleted. Please try again.');
}

import { useQuery } from '@tanstack/react-query';
import { OUTBOX_LIST_PARAMS, OutboxPageSchema } from '@shared/schemas/mail';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

export type OutboxListParams = ListParams<(typeof OUTBOX_LIST_PARAMS)[number]>;

const PATH = '/api/admin/outbox';

/** Every page of the outbox (invalidated when a message is sent again). */
export const outboxPagesKey = pagesKey(PATH);

/** GET /api/admin/outbox?q=&status=&page=&pageSize=: one page, newest first. */
export const outboxQueryOptions = (params: OutboxListParams = {}) =>
  pageQueryOptions(PATH, OutboxPageSchema, OUTBOX_LIST_PARAMS, params);

export function useOutbox(params: OutboxListParams) {
  return useQuery(outboxQueryOptions(params));
}

import { useQuery } from '@tanstack/react-query';
import { INBOUND_LIST_PARAMS, InboundPageSchema } from '@shared/schemas/inbound';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

export type InboundListParams = ListParams<(typeof INBOUND_LIST_PARAMS)[number]>;

const PATH = '/api/admin/inbound';

/** Every page of the inbound log (invalidated when a held message is decided). */
export const inboundPagesKey = pagesKey(PATH);

/** GET /api/admin/inbound?q=&state=&page=&pageSize=: one page, newest first. */
export const inboundQueryOptions = (params: InboundListParams = {}) =>
  pageQueryOptions(PATH, InboundPageSchema, INBOUND_LIST_PARAMS, params);

export function useInbound(params: InboundListParams) {
  return useQuery(inboundQueryOptions(params));
}

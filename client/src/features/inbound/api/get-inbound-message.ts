import { queryOptions, useQuery } from '@tanstack/react-query';
import { InboundMessageSchema } from '@shared/schemas/inbound';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/inbound/{id}: one message of the log, without its bytes. */
export function getInboundMessage(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/inbound/${encodeURIComponent(id)}`, InboundMessageSchema, signal);
}

export const inboundMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/inbound', 'message', id],
    queryFn: ({ signal }) => getInboundMessage(id, signal),
  });

export function useInboundMessage(id: string) {
  return useQuery(inboundMessageQueryOptions(id));
}

/** Where the admin downloads the message as it arrived (message/rfc822). */
export const inboundRawUrl = (id: string) => `/api/admin/inbound/${encodeURIComponent(id)}/raw`;

import { queryOptions, useQuery } from '@tanstack/react-query';
import { OutboxMessageSchema } from '@shared/schemas/mail';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/outbox/{id}: the whole message; its attachments are links of their own. */
export function getOutboxMessage(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/outbox/${encodeURIComponent(id)}`, OutboxMessageSchema, signal);
}

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', 'message', id],
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
  });

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}

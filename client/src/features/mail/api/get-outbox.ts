import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEntry, OutboxMessage } from '@shared/schemas/mail';

/** GET /api/admin/outbox: the latest messages the product sent or kept. */
export const outboxQueryOptions = () =>
  queryOptions<OutboxEntry[]>({ queryKey: ['/api/admin/outbox'], staleTime: 0 });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions<OutboxMessage>({ queryKey: ['/api/admin/outbox', id] });

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}

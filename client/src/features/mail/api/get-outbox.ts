import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { OutboxEntrySchema } from '@shared/schemas/mail';
import { apiGet } from '@/lib/api-request';

const OutboxEntriesSchema = z.array(OutboxEntrySchema);

/** GET /api/admin/outbox: the latest messages the product sent or kept. */
export function getOutbox(signal?: AbortSignal) {
  return apiGet('/api/admin/outbox', OutboxEntriesSchema, signal);
}

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/outbox', 'list'],
    queryFn: ({ signal }) => getOutbox(signal),
    staleTime: 0,
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}

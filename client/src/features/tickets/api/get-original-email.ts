import { queryOptions, useQuery } from '@tanstack/react-query';
import { OriginalEmailSchema } from '@shared/schemas/inbound';
import { apiGet } from '@/lib/api-request';

/**
 * GET /api/admin/tickets/{id}/messages/{messageId}/original (or /original for the e-mail that
 * opened the ticket): the whole e-mail as text, quoted history and signature included.
 */
export function getOriginalEmail(ticketId: string, messageId: string | null, signal?: AbortSignal) {
  const ticket = `/api/admin/tickets/${encodeURIComponent(ticketId)}`;
  const path = messageId
    ? `${ticket}/messages/${encodeURIComponent(messageId)}/original`
    : `${ticket}/original`;
  return apiGet(path, OriginalEmailSchema, signal);
}

export const originalEmailQueryOptions = (ticketId: string, messageId: string | null) =>
  queryOptions({
    queryKey: ['/api/admin/tickets', 'original', ticketId, messageId],
    queryFn: ({ signal }) => getOriginalEmail(ticketId, messageId, signal),
    // An e-mail never changes once received.
    staleTime: Infinity,
  });

/** Loaded only once the admin opens the disclosure. */
export function useOriginalEmail(ticketId: string, messageId: string | null, enabled: boolean) {
  return useQuery({ ...originalEmailQueryOptions(ticketId, messageId), enabled });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedTicketSchema, type CreateTicket } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { updatesMeterQueryOptions } from '@/features/updates/public';
import { withFiles } from './get-attachment-limits';
import { ticketPagesKey, ticketSummaryKey } from './get-tickets';

/** POST /api/tickets: the new ticket with its files; answers it and the files refused. */
export function createTicket(input: CreateTicket, files: File[] = []) {
  return apiSend(
    'POST',
    '/api/tickets',
    CreatedTicketSchema,
    files.length === 0 ? input : withFiles({ ...input }, files),
  );
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files = [], ...input }: CreateTicket & { files?: File[] }) =>
      createTicket(input, files),
    meta: { error: { fallback: 'Failed to create ticket. Please try again.' } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketPagesKey }),
        queryClient.invalidateQueries({ queryKey: ticketSummaryKey }),
        // A website update counts against the month.
        queryClient.invalidateQueries({ queryKey: updatesMeterQueryOptions().queryKey }),
      ]),
  });
}

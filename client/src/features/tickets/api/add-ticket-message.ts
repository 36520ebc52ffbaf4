import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@shared/schemas/tickets';
import { apiRequest } from '@/lib/api-request';
import { ticketQueryOptions } from './get-ticket';
import { ticketsQueryOptions } from './get-tickets';

export async function addTicketMessage(id: string, message: string): Promise<TicketDetail> {
  const res = await apiRequest('POST', `/api/tickets/${id}/messages`, { message });
  return (await res.json()) as TicketDetail;
}

export function useAddTicketMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => addTicketMessage(id, message),
    onSuccess: (detail) => {
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey });
    },
  });
}

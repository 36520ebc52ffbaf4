import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicket, Ticket } from '@shared/schemas/tickets';
import { apiRequest } from '@/lib/api-request';
import { ticketsQueryOptions } from './get-tickets';

export async function createTicket(input: CreateTicket): Promise<Ticket> {
  const res = await apiRequest('POST', '/api/tickets', input);
  return (await res.json()) as Ticket;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey }),
  });
}

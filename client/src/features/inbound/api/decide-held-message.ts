import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InboundMessageSchema, type InboundMessage } from '@shared/schemas/inbound';
import { apiSend } from '@/lib/api-request';
import { inboundPagesKey } from './get-inbound';
import { inboundSummaryQueryOptions } from './get-inbound-summary';
import { inboundMessageQueryOptions } from './get-inbound-message';

/** POST /api/admin/inbound/{id}/release: a held message becomes the chosen client's. */
export function releaseInboundMessage({ id, userId }: { id: string; userId: string }) {
  return apiSend(
    'POST',
    `/api/admin/inbound/${encodeURIComponent(id)}/release`,
    InboundMessageSchema,
    { userId },
  );
}

/** POST /api/admin/inbound/{id}/consultation: a held message becomes a consultation request. */
export function inboundToConsultation({ id }: { id: string }) {
  return apiSend(
    'POST',
    `/api/admin/inbound/${encodeURIComponent(id)}/consultation`,
    InboundMessageSchema,
  );
}

function useDecision<Vars extends { id: string }>(
  mutationFn: (vars: Vars) => Promise<InboundMessage>,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { fallback } },
    onSuccess: (message) =>
      queryClient.setQueryData(inboundMessageQueryOptions(message.id).queryKey, message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboundPagesKey }),
        queryClient.invalidateQueries({ queryKey: inboundSummaryQueryOptions().queryKey }),
      ]),
  });
}

export const useReleaseInboundMessage = () =>
  useDecision(releaseInboundMessage, 'The message could not be released');

export const useInboundToConsultation = () =>
  useDecision(inboundToConsultation, 'The message could not be turned into a request');

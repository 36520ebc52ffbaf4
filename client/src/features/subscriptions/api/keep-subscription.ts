import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/** DELETE /api/subscription/cancel: the cancellation is taken back before the period ends. */
export function keepSubscription() {
  return apiSend('DELETE', '/api/subscription/cancel', SubscriptionChangeSchema);
}

export function useKeepSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepSubscription,
    meta: { error: { fallback: 'Your plan could not be kept. Please try again.' } },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

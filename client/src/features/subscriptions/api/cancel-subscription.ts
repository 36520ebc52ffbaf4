import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/subscription/cancel: at the end of the period (a pending request is withdrawn). */
export function cancelSubscription() {
  return apiSend('POST', '/api/subscription/cancel', SubscriptionChangeSchema);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    meta: { error: { fallback: 'Failed to cancel your subscription. Please try again.' } },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

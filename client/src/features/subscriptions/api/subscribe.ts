import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/get-or-create-subscription: requests the plan (or says one is already active). */
export function subscribe(planId: PlanId) {
  return apiSend('POST', '/api/get-or-create-subscription', SubscriptionChangeSchema, { planId });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    meta: { error: { fallback: 'Failed to process subscription. Please try again.' } },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

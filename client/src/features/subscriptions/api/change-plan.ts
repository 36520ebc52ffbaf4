import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/**
 * POST /api/subscription/plan-change: an active subscriber moves to the plan from the next
 * period (choosing the current plan again withdraws a pending change).
 */
export function changePlan(planId: PlanId) {
  return apiSend('POST', '/api/subscription/plan-change', SubscriptionChangeSchema, { planId });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    meta: { error: { fallback: 'Failed to change your plan. Please try again.' } },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

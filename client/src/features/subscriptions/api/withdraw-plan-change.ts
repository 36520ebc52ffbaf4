import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/** DELETE /api/subscription/plan-change: the pending plan change is taken back. */
export function withdrawPlanChange() {
  return apiSend('DELETE', '/api/subscription/plan-change', SubscriptionChangeSchema);
}

export function useWithdrawPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawPlanChange,
    meta: { error: { fallback: 'Failed to withdraw your plan change. Please try again.' } },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { apiRequest } from '@/lib/api-request';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/get-or-create-subscription. */
export async function subscribe(planId: PlanId): Promise<SubscriptionChange> {
  const res = await apiRequest('POST', '/api/get-or-create-subscription', { planId });
  return (await res.json()) as SubscriptionChange;
}

/** POST /api/subscription/cancel: at the end of the period (a pending request is withdrawn). */
export async function cancelSubscription(): Promise<SubscriptionChange> {
  const res = await apiRequest('POST', '/api/subscription/cancel');
  return (await res.json()) as SubscriptionChange;
}

function useSubscriptionChange<Input>(change: (input: Input) => Promise<SubscriptionChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
    },
  });
}

export const useSubscribe = () => useSubscriptionChange(subscribe);
export const useCancelSubscription = () => useSubscriptionChange(cancelSubscription);

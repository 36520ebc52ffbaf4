import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@shared/schemas/subscriptions';

/** GET /api/subscription: the client's subscription, or null. */
export const subscriptionQueryOptions = () =>
  queryOptions<Subscription | null>({ queryKey: ['/api/subscription'] });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}

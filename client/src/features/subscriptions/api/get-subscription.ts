import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionSchema } from '@shared/schemas/subscriptions';
import { apiGet } from '@/lib/api-request';

const MaybeSubscriptionSchema = SubscriptionSchema.nullable();

/** GET /api/subscription: the client's subscription, or null. */
export function getSubscription(signal?: AbortSignal) {
  return apiGet('/api/subscription', MaybeSubscriptionSchema, signal);
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/subscription'],
    queryFn: ({ signal }) => getSubscription(signal),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}

import { useMutation } from '@tanstack/react-query';
import { SubscriptionChangeSchema } from '@shared/schemas/subscriptions';
import { apiSend } from '@/lib/api-request';

/**
 * POST /api/signup/{token}/redeem, signed in: the link is used and the plan requested. A
 * failure is shown by the page itself, as the reason the link cannot be used.
 */
export function redeemSignupLink(token: string) {
  return apiSend('POST', `/api/signup/${token}/redeem`, SubscriptionChangeSchema);
}

export function useRedeemSignupLink() {
  return useMutation({ mutationFn: redeemSignupLink });
}

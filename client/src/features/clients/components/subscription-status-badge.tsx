import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import { SubscriptionStatusBadge as StatusBadge } from '@/components/ui/status-badge';

/** A client's subscription status as the agency reads it; 'No plan' without one. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus | null }) {
  if (!status) return <span className="text-muted-foreground">No plan</span>;
  return <StatusBadge status={status} />;
}

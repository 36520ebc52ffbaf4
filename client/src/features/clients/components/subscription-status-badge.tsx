import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import { Badge, type BadgeProps } from '@/components/ui/badge';

export const SUBSCRIPTION_STATUS: Record<
  SubscriptionStatus,
  { label: string; variant: BadgeProps['variant'] }
> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};

/** A client's subscription status as the agency reads it; 'No plan' without one. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus | null }) {
  if (!status) return <span className="text-muted-foreground">No plan</span>;
  const { label, variant } = SUBSCRIPTION_STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

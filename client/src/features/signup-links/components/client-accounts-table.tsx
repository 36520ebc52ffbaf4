import { findPlan } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { useClientAccounts } from '../api/signup-links';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};

/** Every client account with its plan and subscription status. */
export function ClientAccountsTable() {
  const clients = useClientAccounts();
  if (clients.isLoading) return <Skeleton className="h-24 w-full" />;
  if (clients.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The clients could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!clients.data?.length) {
    return <p className="text-sm text-muted-foreground">No client accounts yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Client
            </th>
            <th scope="col" className="pb-2 font-medium">
              Email
            </th>
            <th scope="col" className="pb-2 font-medium">
              Plan
            </th>
            <th scope="col" className="pb-2 font-medium">
              Status
            </th>
            <th scope="col" className="pb-2 font-medium">
              Joined
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {clients.data.map((client) => (
            <tr key={client.id}>
              <td className="py-2">
                <span className="font-medium">{client.name}</span>
                {client.businessName && (
                  <span className="block text-xs text-muted-foreground">{client.businessName}</span>
                )}
              </td>
              <td className="py-2">{client.email ?? 'No e-mail'}</td>
              <td className="py-2">{client.plan ? findPlan(client.plan)?.name : 'None'}</td>
              <td className="py-2">
                {client.subscriptionStatus ? (
                  <Badge variant={STATUS[client.subscriptionStatus].variant}>
                    {STATUS[client.subscriptionStatus].label}
                  </Badge>
                ) : (
                  <span className="text-muted-foreground">No plan</span>
                )}
              </td>
              <td className="py-2">{formatDate(client.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { findPlan } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { QueryList } from '@/components/ui/query-list';
import { SimpleTable } from '@/components/ui/simple-table';
import { formatDate } from '@/lib/dates';
import { useClientAccounts } from '../api/get-client-accounts';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};

const SHOWN = 100;

/** The newest client accounts with their plan and subscription status. */
export function ClientAccountsTable() {
  const query = useClientAccounts({ pageSize: SHOWN });
  return (
    <QueryList
      query={{ ...query, data: query.data?.items }}
      what="The clients"
      empty="No client accounts yet."
    >
      {(clients) => (
        <>
          {query.data && query.data.total > clients.length && (
            <p className="mb-2 text-sm text-muted-foreground">
              Showing the newest {clients.length} of {query.data.total.toLocaleString('en-US')}{' '}
              clients.
            </p>
          )}
          <SimpleTable columns={['Client', 'Email', 'Plan', 'Status', 'Joined']}>
            {clients.map((client) => (
              <tr key={client.id}>
                <td className="py-2">
                  <span className="font-medium">{client.name}</span>
                  {client.businessName && (
                    <span className="block text-xs text-muted-foreground">
                      {client.businessName}
                    </span>
                  )}
                </td>
                <td className="py-2">
                  {client.email ?? 'No e-mail'}
                  {client.email && !client.emailVerified && (
                    <span className="block text-xs text-muted-foreground">Not verified</span>
                  )}
                </td>
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
          </SimpleTable>
        </>
      )}
    </QueryList>
  );
}

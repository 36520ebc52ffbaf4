import { findPlan } from '@shared/plans';
import type { ClientAccount } from '@shared/schemas/signup-links';
import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { formatDate } from '@/lib/dates';
import { useClientAccounts } from '../api/get-client-accounts';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};

const SHOWN = 100;

const column = dataColumns<ClientAccount>();
const columns = column.columns([
  column.display({
    id: 'client',
    header: 'Client',
    cell: ({ row: { original: client } }) => (
      <>
        <span className="font-medium">{client.name}</span>
        {client.businessName && (
          <span className="block text-xs text-muted-foreground">{client.businessName}</span>
        )}
      </>
    ),
  }),
  column.display({
    id: 'email',
    header: 'Email',
    cell: ({ row: { original: client } }) => (
      <>
        {client.email ?? 'No e-mail'}
        {client.email && !client.emailVerified && (
          <span className="block text-xs text-muted-foreground">Not verified</span>
        )}
      </>
    ),
  }),
  column.accessor('plan', {
    header: 'Plan',
    cell: (cell) => {
      const plan = cell.getValue();
      return plan ? findPlan(plan)?.name : 'None';
    },
  }),
  column.accessor('subscriptionStatus', {
    header: 'Status',
    cell: (cell) => {
      const status = cell.getValue();
      return status ? (
        <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>
      ) : (
        <span className="text-muted-foreground">No plan</span>
      );
    },
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatDate(cell.getValue()),
  }),
]);

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
          <DataTable
            caption="Client accounts"
            columns={columns}
            data={clients}
            getRowId={(client) => client.id}
          />
        </>
      )}
    </QueryList>
  );
}

import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { AdminPlanName } from '@/features/plans/public';
import type { ClientAccount } from '@shared/schemas/clients';
import { Badge } from '@/components/ui/badge';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { paths } from '@/lib/paths';

const column = dataColumns<ClientAccount>();
const columns = column.columns([
  column.display({
    id: 'client',
    header: 'Client',
    cell: ({ row: { original: client } }) => (
      <>
        <Link
          href={paths.admin.client(client.id)}
          className="font-medium text-primary hover:underline"
        >
          {client.name}
        </Link>
        {client.businessName && (
          <span className="block text-xs text-muted-foreground">{client.businessName}</span>
        )}
        {client.deactivatedAt && (
          <Badge variant="destructive" className="mt-1">
            Deactivated
          </Badge>
        )}
      </>
    ),
  }),
  column.display({
    id: 'email',
    header: 'Email',
    meta: { className: 'break-all' },
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
      return plan ? <AdminPlanName id={plan} /> : 'None';
    },
  }),
  column.accessor('subscriptionStatus', {
    header: 'Status',
    cell: (cell) => <SubscriptionStatusBadge status={cell.getValue()} />,
  }),
  column.accessor('balance', {
    header: 'Balance',
    meta: { align: 'right', className: 'whitespace-nowrap' },
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatDate(cell.getValue()),
  }),
]);

/** A page of client accounts: plan, status and what each still owes; names open their page. */
export function ClientAccountsTable({ clients }: { clients: ClientAccount[] }) {
  return (
    <DataTable
      phoneLayout="cards"
      caption="Client accounts"
      columns={columns}
      data={clients}
      getRowId={(client) => client.id}
    />
  );
}

import { UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { CLIENT_LIST_PARAMS, CLIENT_STATUS_FILTERS } from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';
import {
  EmptyListCard,
  ListCard,
  ListFilter,
  ListToolbar,
  PagedList,
} from '@/components/ui/paged-list';
import { SUBSCRIPTION_STATUS_LOOK } from '@/components/ui/status-badge';
import { useListParams } from '@/lib/list-params';
import { useClients } from '../api/get-clients';
import { ClientAccountsTable } from '../components/client-accounts-table';
import { paths } from '@/lib/paths';

const FILTER_LABEL = (status: (typeof CLIENT_STATUS_FILTERS)[number]) =>
  status === 'none' ? 'No plan' : SUBSCRIPTION_STATUS_LOOK[status].label;

/**
 * /admin/clients?q=&status=&page=: every client account, newest first, searchable by name,
 * e-mail or business and filtered by subscription status; each opens its page.
 */
export function ClientsPage() {
  const { params, update } = useListParams(CLIENT_LIST_PARAMS);
  const clients = useClients(params);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold">Clients</h1>
          <p className="text-muted-foreground">Everyone with an account, and what they owe.</p>
        </div>
        <Button asChild>
          <Link href={paths.admin.inviteClient()}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Invite a client
          </Link>
        </Button>
      </div>
      <ListToolbar
        search={{
          label: 'Search clients',
          placeholder: 'Name, e-mail or business',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Subscription"
          all="All clients"
          value={params.status}
          options={CLIENT_STATUS_FILTERS}
          labelOf={FILTER_LABEL}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <PagedList
        query={clients}
        what="Clients"
        filtered={Boolean(params.q || params.status)}
        onPage={(page) => update({ page: String(page) })}
        empty={
          <EmptyListCard
            message="No client accounts yet."
            action={<Link href={paths.admin.inviteClient()}>Invite your first client</Link>}
          />
        }
      >
        {(items) => (
          <ListCard>
            <ClientAccountsTable clients={items} />
          </ListCard>
        )}
      </PagedList>
    </div>
  );
}

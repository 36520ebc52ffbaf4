import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { PROPOSAL_LIST_PARAMS, PROPOSAL_STATUSES, type Proposal } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import {
  EmptyListCard,
  ListCard,
  ListFilter,
  ListToolbar,
  PagedList,
} from '@/components/ui/paged-list';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { paths } from '@/lib/paths';
import { useProposals } from '../api/get-proposals';
import { lastEvent } from '../components/last-event';
import { PROPOSAL_STATUS_LOOK, ProposalStatusBadge } from '../components/proposal-status-badge';

const column = dataColumns<Proposal>();

const proposalColumns = column.columns([
  column.accessor('title', {
    header: 'Proposal',
    meta: { className: 'font-medium' },
    cell: ({ row: { original: proposal } }) => (
      <Link
        href={paths.admin.proposal(proposal.id)}
        className="inline-flex min-h-6 items-center break-words text-primary hover:underline"
      >
        {proposal.title}
      </Link>
    ),
  }),
  column.display({
    id: 'recipient',
    header: 'Recipient',
    cell: ({ row: { original: proposal } }) => (
      <>
        {proposal.recipient.name}
        {proposal.recipient.businessName && (
          <span className="block text-xs text-muted-foreground">
            {proposal.recipient.businessName}
          </span>
        )}
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (cell) => <ProposalStatusBadge status={cell.getValue()} />,
  }),
  column.display({
    id: 'value',
    header: 'One-off · monthly',
    meta: { align: 'right', className: 'whitespace-nowrap tabular-nums' },
    cell: ({ row: { original: proposal } }) => (
      <>
        {formatCents(proposal.totals.oneOff)}
        <span className="block text-xs text-muted-foreground">
          {proposal.plan ? `+ ${formatCents(proposal.totals.monthly)}/mo` : 'No plan'}
        </span>
      </>
    ),
  }),
  column.accessor('validUntil', {
    header: 'Valid until',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatDate(cell.getValue()),
  }),
  column.display({
    id: 'last',
    header: 'Last event',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: proposal } }) => {
      const [what, at] = lastEvent(proposal);
      return (
        <>
          {what}
          <span className="block text-xs text-muted-foreground">{formatDateTime(at)}</span>
        </>
      );
    },
  }),
]);

/** /admin/proposals?q=&status=&page=&pageSize=: the proposals, newest first, searchable. */
export function ProposalsPage() {
  const { params, update } = useListParams(PROPOSAL_LIST_PARAMS);
  const proposals = useProposals(params);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Proposals</h1>
        <Button asChild>
          <Link href={paths.admin.newProposal()}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New proposal
          </Link>
        </Button>
      </div>
      <ListToolbar
        search={{
          label: 'Search proposals',
          placeholder: 'Title, name or e-mail',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Status"
          all="All statuses"
          value={params.status}
          options={PROPOSAL_STATUSES}
          labelOf={(status) => PROPOSAL_STATUS_LOOK[status].label}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <PagedList
        query={proposals}
        what="Proposals"
        filtered={Boolean(params.q || params.status)}
        onPage={(page) => update({ page: String(page) })}
        empty={
          <EmptyListCard
            message="No proposals yet"
            action={<Link href={paths.admin.newProposal()}>Write your first proposal</Link>}
          />
        }
      >
        {(list) => (
          <ListCard>
            <DataTable
              phoneLayout="cards"
              caption="Proposals"
              variant="relaxed"
              columns={proposalColumns}
              data={list}
              getRowId={(proposal) => proposal.id}
            />
          </ListCard>
        )}
      </PagedList>
    </div>
  );
}

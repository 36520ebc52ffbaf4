import { AdminPlanName } from '@/features/plans/public';
import {
  SIGNUP_LINK_LIST_PARAMS,
  SIGNUP_LINK_STATES,
  type SignupLink,
  type SignupLinkState,
} from '@shared/schemas/signup-links';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useSignupLinks } from '../api/get-signup-links';
import { SignupLinkActions } from './signup-link-actions';

const STATE: Record<SignupLinkState, { label: string; variant: BadgeProps['variant'] }> = {
  waiting: { label: 'Waiting', variant: 'warning' },
  used: { label: 'Used', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'secondary' },
};

/** What became of a signup link: waiting, used, expired or revoked. */
export function SignupLinkStateBadge({ state }: { state: SignupLinkState }) {
  return <Badge variant={STATE[state].variant}>{STATE[state].label}</Badge>;
}

const column = dataColumns<SignupLink>();
const columns = column.columns([
  column.accessor('email', { header: 'Email', meta: { className: 'font-medium' } }),
  column.accessor('planType', {
    header: 'Plan',
    cell: (cell) => <AdminPlanName id={cell.getValue()} />,
  }),
  column.accessor('createdAt', {
    header: 'Created',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatDateTime(cell.getValue()),
  }),
  column.display({
    id: 'expires',
    header: 'Expires',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: link } }) => {
      if (link.usedAt) return `Used ${formatDateTime(link.usedAt)}`;
      if (link.revokedAt) return `Revoked ${formatDateTime(link.revokedAt)}`;
      return formatDateTime(link.expiresAt);
    },
  }),
  column.accessor('state', {
    header: 'State',
    cell: (cell) => <SignupLinkStateBadge state={cell.getValue()} />,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: link } }) => <SignupLinkActions link={link} />,
  }),
]);

/** The links issued, newest first, and what became of each; searchable, a page at a time. */
export function SignupLinksTable() {
  const { params, update } = useListParams(SIGNUP_LINK_LIST_PARAMS);
  const links = useSignupLinks(params);
  return (
    <div className="space-y-4">
      <ListToolbar
        search={{
          label: 'Search signup links',
          placeholder: 'E-mail',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="State"
          all="All links"
          value={params.status}
          options={SIGNUP_LINK_STATES}
          labelOf={(state) => STATE[state].label}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <PagedList
        query={links}
        what="Signup links"
        empty="No links generated yet."
        filtered={Boolean(params.q || params.status)}
        onPage={(page) => update({ page: String(page) })}
      >
        {(items) => (
          <DataTable
            phoneLayout="cards"
            caption="Signup links"
            columns={columns}
            data={items}
            getRowId={(link) => link.id}
          />
        )}
      </PagedList>
    </div>
  );
}

import { findPlan } from '@shared/plans';
import type { SignupLink, SignupLinkState } from '@shared/schemas/signup-links';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { formatDateTime } from '@/lib/dates';
import { useSignupLinks } from '../api/get-signup-links';

const STATE: Record<SignupLinkState, { label: string; variant: BadgeProps['variant'] }> = {
  waiting: { label: 'Waiting', variant: 'warning' },
  used: { label: 'Used', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
};

const column = dataColumns<SignupLink>();
const columns = column.columns([
  column.accessor('email', { header: 'Email', meta: { className: 'font-medium' } }),
  column.accessor('planType', { header: 'Plan', cell: (cell) => findPlan(cell.getValue())?.name }),
  column.accessor('createdAt', {
    header: 'Created',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatDateTime(cell.getValue()),
  }),
  column.display({
    id: 'expires',
    header: 'Expires',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: link } }) =>
      link.usedAt ? `Used ${formatDateTime(link.usedAt)}` : formatDateTime(link.expiresAt),
  }),
  column.accessor('state', {
    header: 'State',
    cell: (cell) => (
      <Badge variant={STATE[cell.getValue()].variant}>{STATE[cell.getValue()].label}</Badge>
    ),
  }),
]);

/** The links issued, newest first, and what became of each. */
export function SignupLinksTable() {
  return (
    <QueryList query={useSignupLinks()} what="The links" empty="No links generated yet.">
      {(links) => (
        <DataTable
          caption="Signup links"
          columns={columns}
          data={links}
          getRowId={(link) => link.id}
        />
      )}
    </QueryList>
  );
}

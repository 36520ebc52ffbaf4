import { findPlan } from '@shared/plans';
import type { SignupLinkState } from '@shared/schemas/signup-links';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { QueryList } from '@/components/ui/query-list';
import { SimpleTable } from '@/components/ui/simple-table';
import { formatDateTime } from '@/lib/dates';
import { useSignupLinks } from '../api/get-signup-links';

const STATE: Record<SignupLinkState, { label: string; variant: BadgeProps['variant'] }> = {
  waiting: { label: 'Waiting', variant: 'warning' },
  used: { label: 'Used', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
};

/** The links issued, newest first, and what became of each. */
export function SignupLinksTable() {
  return (
    <QueryList query={useSignupLinks()} what="The links" empty="No links generated yet.">
      {(links) => (
        <SimpleTable columns={['Email', 'Plan', 'Created', 'Expires', 'State']}>
          {links.map((link) => (
            <tr key={link.id}>
              <td className="py-2 font-medium">{link.email}</td>
              <td className="py-2">{findPlan(link.planType)?.name}</td>
              <td className="py-2">{formatDateTime(link.createdAt)}</td>
              <td className="py-2">
                {link.usedAt
                  ? `Used ${formatDateTime(link.usedAt)}`
                  : formatDateTime(link.expiresAt)}
              </td>
              <td className="py-2">
                <Badge variant={STATE[link.state].variant}>{STATE[link.state].label}</Badge>
              </td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </QueryList>
  );
}

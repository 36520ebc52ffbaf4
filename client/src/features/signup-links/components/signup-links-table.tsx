import { findPlan } from '@shared/plans';
import type { SignupLinkState } from '@shared/schemas/signup-links';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { useSignupLinks } from '../api/signup-links';

const STATE: Record<SignupLinkState, { label: string; variant: BadgeProps['variant'] }> = {
  waiting: { label: 'Waiting', variant: 'warning' },
  used: { label: 'Used', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
};

/** The links issued, newest first, and what became of each. */
export function SignupLinksTable() {
  const links = useSignupLinks();
  if (links.isLoading) return <Skeleton className="h-24 w-full" />;
  if (links.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The links could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!links.data?.length) {
    return <p className="text-sm text-muted-foreground">No links generated yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Email
            </th>
            <th scope="col" className="pb-2 font-medium">
              Plan
            </th>
            <th scope="col" className="pb-2 font-medium">
              Created
            </th>
            <th scope="col" className="pb-2 font-medium">
              Expires
            </th>
            <th scope="col" className="pb-2 font-medium">
              State
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {links.data.map((link) => (
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
        </tbody>
      </table>
    </div>
  );
}

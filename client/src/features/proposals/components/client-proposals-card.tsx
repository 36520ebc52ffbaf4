import { Download, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { proposalPdfUrl } from '../api/get-proposal';
import { useProposals } from '../api/get-proposals';
import { ProposalStatusBadge } from './proposal-status-badge';

const SHOWN = 5;

/**
 * The admin's page of one client: their proposals (the latest few) and the signed
 * agreements to download, with "Create proposal" for them.
 */
export function ClientProposalsCard({ clientId }: { clientId: string }) {
  const proposals = useProposals({ client: clientId, pageSize: String(SHOWN) });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Proposals</CardTitle>
        <Button asChild size="sm" variant="outline">
          <Link href={paths.admin.newProposal({ client: clientId })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create proposal
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={proposals} what="proposals">
          {(page) =>
            page.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No proposals yet.</p>
            ) : (
              <ul className="divide-y" aria-label="The client's proposals">
                {page.items.map((proposal) => (
                  <li
                    key={proposal.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <div className="min-w-0">
                      <Link
                        href={paths.admin.proposal(proposal.id)}
                        className="break-words font-medium text-primary hover:underline"
                      >
                        {proposal.title}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        {formatCents(proposal.totals.oneOff)}
                        {proposal.plan && ` + ${formatCents(proposal.totals.monthly)}/mo`} · valid
                        until {formatDate(proposal.validUntil)}
                      </span>
                    </div>
                    <div className="flex items-center gap-2">
                      <ProposalStatusBadge status={proposal.status} />
                      {proposal.signedAt && (
                        <Button asChild size="sm" variant="ghost">
                          <a href={proposalPdfUrl(proposal.id)} download>
                            <Download className="h-4 w-4" aria-hidden="true" />
                            <span className="sr-only">The agreement of {proposal.title}</span>
                            <span aria-hidden="true">Agreement</span>
                          </a>
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {proposals.data && proposals.data.total > SHOWN && (
          <p className="mt-2 text-sm text-muted-foreground">
            The latest {SHOWN} of {proposals.data.total}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

import { FileSignature } from 'lucide-react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import type { ProposalStats } from '@shared/schemas/proposals';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useProposalStats } from '../api/get-proposal-stats';

/** The share of settled proposals that were signed, or '—' while none has settled. */
export function formatWinRate(winRate: number | null): string {
  return winRate === null ? '—' : `${Math.round(winRate * 100)}%`;
}

function Figures({ stats }: { stats: ProposalStats }) {
  const figures: [label: string, value: string, note?: string][] = [
    ['Sent this month', String(stats.sentThisMonth)],
    ['Opened this month', String(stats.openedThisMonth)],
    ['Signed this month', String(stats.signedThisMonth)],
    [
      'Win rate',
      formatWinRate(stats.winRate),
      stats.winRate === null
        ? 'None signed, declined or expired in the last 90 days'
        : 'Signed of those settled, last 90 days',
    ],
    ['Open proposals', formatCents(stats.openValueCents), 'One-off totals plus 12 months of plans'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-5">
      {figures.map(([label, value, note]) => (
        <div key={label} className="space-y-1">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">
            {value}
            {note && (
              <span className="block text-xs font-normal text-muted-foreground">{note}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The dashboard's proposals: sent, opened and signed this month, the win rate, what is open. */
export function ProposalsCard() {
  const stats = useProposalStats();
  return (
    <Card role="group" aria-labelledby="proposals-card-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="proposals-card-title">
            <Link href={paths.admin.proposals()} className="hover:underline">
              Proposals
            </Link>
          </CardTitle>
          <FileSignature className="h-5 w-5 text-primary" aria-hidden="true" />
        </div>
        <CardDescription>Written to win the work: how they are going.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          what="proposal figures"
          loading={<Skeleton className="h-20 w-full" />}
        >
          {(data) => <Figures stats={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

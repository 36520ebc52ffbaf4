import { Timer } from 'lucide-react';
import { useAdminPlanLookup } from '@/features/plans/public';
import type { PlanResponseStats } from '@shared/schemas/response-stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMonth } from '@/lib/dates';
import { useResponseStats } from '../api/get-response-stats';

/** '45 min', '3 h 20 min', '2 d 4 h': a duration of wall-clock time. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
  }
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return `${Math.floor(minutes / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

function PlanRow({ stats }: { stats: PlanResponseStats }) {
  const plans = useAdminPlanLookup();
  const name = stats.plan ? plans.name(stats.plan) : 'No plan';
  const share = stats.due === 0 ? null : Math.round((stats.answeredInTime / stats.due) * 100);
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-baseline sm:gap-4">
      <span className="font-medium">{name}</span>
      <span className="text-sm">
        <span className="text-muted-foreground">Median first response: </span>
        {stats.medianFirstResponseMinutes === null
          ? 'none answered yet'
          : formatMinutes(stats.medianFirstResponseMinutes)}
      </span>
      <span className="text-sm">
        <span className="text-muted-foreground">Answered in time: </span>
        {share === null ? 'none due yet' : `${share}% (${stats.answeredInTime} of ${stats.due})`}
      </span>
    </li>
  );
}

/**
 * This month's first answers per plan: the median time to the first answer, and the share
 * of the tickets due by now (or answered) that were answered by their due time.
 */
export function ResponseTimesCard() {
  const stats = useResponseStats();
  return (
    <Card role="group" aria-labelledby="response-times-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="response-times-title">Response Times</CardTitle>
          <Timer className="h-5 w-5 text-primary" aria-hidden="true" />
        </div>
        <CardDescription>
          {stats.data
            ? `Tickets opened in ${formatMonth(stats.data.month)}, by plan when opened.`
            : 'Tickets opened this month, by plan when opened.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          what="response times"
          loading={<Skeleton className="h-24 w-full" />}
        >
          {({ plans }) => (
            <ul className="divide-y" aria-label="Response times by plan">
              {plans.map((plan) => (
                <PlanRow key={plan.plan ?? 'none'} stats={plan} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

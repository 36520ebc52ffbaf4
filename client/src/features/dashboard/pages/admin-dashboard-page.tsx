import {
  AlertTriangle,
  DollarSign,
  FilePlus,
  Hourglass,
  Link2,
  Percent,
  Settings,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { useAdminPlanLookup } from '@/features/plans/public';
import type { DashboardStats } from '@shared/schemas/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { businessTimeZone, formatDate } from '@/lib/dates';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { useDashboardTrends } from '@/features/dashboard/api/get-dashboard-trends';
import { ProposalsCard } from '@/features/dashboard/components/proposals-card';
import { ResponseTimesCard } from '@/features/dashboard/components/response-times-card';
import { SetupChecklist } from '@/features/dashboard/components/setup-checklist';
import { HeldMailCard } from '@/features/inbound/public';
import { SiteCareCard } from '@/features/sites/public';
import { SamplesBanner } from '@/features/website/public';
import { paths } from '@/lib/paths';

/**
 * The charts' chunk (recharts, by far the largest of the admin panel): asked for once, when
 * the figures above the charts show, so it never competes with them on a cold load.
 */
let trendChartsChunk: Promise<typeof import('../components/trend-charts')> | undefined;
const loadTrendCharts = () => (trendChartsChunk ??= import('../components/trend-charts'));
const TrendCharts = lazy(() =>
  loadTrendCharts().then((module) => ({ default: module.TrendCharts })),
);

function StatCard({
  title,
  value,
  icon: Icon,
  note,
}: {
  title: string;
  value: string | undefined;
  icon: ComponentType<{ className?: string }>;
  /** What the figure counts, under it. */
  note?: ReactNode;
}) {
  return (
    <Card role="group" aria-label={title}>
      <div className="flex items-center justify-between gap-3 p-6 pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      </div>
      <CardContent>
        {value === undefined ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p className="text-3xl font-bold">{value}</p>
        )}
        {note && <div className="mt-2 space-y-1 text-xs text-muted-foreground">{note}</div>}
      </CardContent>
    </Card>
  );
}

/** Under the conversion rate: its counts and how a request is matched to a client. */
function ConversionNote({ stats }: { stats: DashboardStats }) {
  const requests = stats.consultationRequests;
  return (
    <>
      <p>
        {stats.convertedRequests} of {requests} consultation{' '}
        {requests === 1 ? 'request' : 'requests'} since {formatDate(stats.conversionSince)} became
        paying clients.
      </p>
      <p>
        A request counts once, when a client with its e-mail (ignoring case) started a paid plan on
        or after the day of the request.
      </p>
    </>
  );
}

function TrendsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Skeleton className="h-80 w-full lg:col-span-2" />
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/**
 * The last twelve months as charts, loaded after the figures above them: their data and the
 * chart library are asked for once `figuresShown` (the figures arrived, or failed to).
 */
function Trends({ figuresShown }: { figuresShown: boolean }) {
  const trends = useDashboardTrends({ enabled: figuresShown });
  useEffect(() => {
    if (figuresShown) void loadTrendCharts();
  }, [figuresShown]);
  return (
    <section aria-labelledby="trends-heading" className="space-y-4">
      <h2 id="trends-heading" className="text-xl font-semibold">
        Last 12 months
      </h2>
      {figuresShown ? (
        <QueryState query={trends} what="trends" loading={<TrendsSkeleton />}>
          {({ months }) => (
            <Suspense fallback={<TrendsSkeleton />}>
              <TrendCharts months={months} />
            </Suspense>
          )}
        </QueryState>
      ) : (
        <div role="status" aria-label="Loading the trends">
          <TrendsSkeleton />
        </div>
      )}
    </section>
  );
}

/** Active subscriptions per plan as bars, each labelled with its count. */
function PlanDistribution({ distribution }: { distribution: DashboardStats['planDistribution'] }) {
  const plans = useAdminPlanLookup();
  const largest = Math.max(1, ...Object.values(distribution));
  return (
    <ul className="space-y-4" aria-label="Active subscriptions by plan">
      {Object.entries(distribution).map(([id, value]) => {
        const plan = { id, name: plans.name(id) };
        return (
          <li key={plan.id}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">{plan.name}</span>
              <span>
                {value} {value === 1 ? 'subscriber' : 'subscribers'}
              </span>
            </div>
            <div className="mt-1 h-3 rounded-full bg-muted" aria-hidden="true">
              <div
                className="h-3 rounded-full bg-primary"
                style={{ width: `${(value / largest) * 100}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** /admin/dashboard. */
export function AdminDashboardPage() {
  const stats = useDashboardStats();
  const data = stats.data;
  return (
    <div className="space-y-8">
      <h1 className="font-display text-3xl font-bold">Dashboard</h1>
      <SamplesBanner />
      <SetupChecklist />
      <HeldMailCard />
      {/* The cards below hold their places while the figures load. */}
      {stats.isError && <QueryState query={stats} what="figures" />}
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Active Subscribers"
          value={data?.activeSubscribers.toString()}
          icon={Users}
        />
        <StatCard
          title="Monthly Revenue (MRR)"
          value={data && formatCents(data.mrr)}
          icon={DollarSign}
        />
        <StatCard
          title="Annual Revenue (ARR)"
          value={data && formatCents(data.arr)}
          icon={TrendingUp}
        />
        <StatCard
          title="Conversion Rate"
          value={data && `${(data.conversionRate * 100).toFixed(1)}%`}
          icon={Percent}
          note={data && <ConversionNote stats={data} />}
        />
      </div>
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          title="Collected this month"
          value={data && formatCents(data.collectedThisMonth)}
          icon={Wallet}
        />
        <StatCard
          title="Outstanding"
          value={data && formatCents(data.outstanding)}
          icon={Hourglass}
        />
        <StatCard title="Overdue" value={data && formatCents(data.overdue)} icon={AlertTriangle} />
      </div>
      <ProposalsCard />
      <SiteCareCard />
      <ResponseTimesCard />
      <Trends figuresShown={!stats.isPending} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Plan Distribution</CardTitle>
          </CardHeader>
          <CardContent>
            {data ? (
              <PlanDistribution distribution={data.planDistribution} />
            ) : (
              <Skeleton className="h-32 w-full" />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button asChild>
              <Link href={paths.admin.newInvoice()}>
                <FilePlus className="h-4 w-4" aria-hidden="true" /> Create Invoice
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href={paths.admin.inviteClient()}>
                <Link2 className="h-4 w-4" aria-hidden="true" /> Generate Client Link
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href={paths.admin.settings()}>
                <Settings className="h-4 w-4" aria-hidden="true" /> Settings
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <p className="text-sm text-muted-foreground">
        Months are calendar months in the business&apos;s time zone ({businessTimeZone()}).
        Collected this month: the payments of this calendar month that count toward their invoices.
        Outstanding: what sent and overdue invoices still owe. In the charts, this month is shown as
        it stands: MRR is that of the plans active at the month&apos;s end; new clients started a
        paid plan in the month and churned ones saw their plan end; collected is the payments
        received in the month less what was refunded of them; outstanding is what the invoices sent
        by the month&apos;s end still owed then.
      </p>
    </div>
  );
}

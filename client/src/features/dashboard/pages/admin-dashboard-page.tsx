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
import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { PLANS } from '@shared/plans';
import type { DashboardStats } from '@shared/schemas/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';

function StatCard({
  title,
  value,
  icon: Icon,
}: {
  title: string;
  value: string | undefined;
  icon: ComponentType<{ className?: string }>;
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
      </CardContent>
    </Card>
  );
}

/** Active subscriptions per plan as bars, each labelled with its count. */
function PlanDistribution({ distribution }: { distribution: DashboardStats['planDistribution'] }) {
  const largest = Math.max(1, ...Object.values(distribution));
  return (
    <ul className="space-y-4" aria-label="Active subscriptions by plan">
      {PLANS.map((plan) => {
        const value = distribution[plan.id];
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
      {stats.isError && (
        <p role="alert" className="text-destructive">
          The figures could not be loaded. Please reload the page.
        </p>
      )}
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
              <Link href="/admin/invoices/new">
                <FilePlus className="h-4 w-4" aria-hidden="true" /> Create Invoice
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/admin/clients/invite">
                <Link2 className="h-4 w-4" aria-hidden="true" /> Generate Client Link
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/admin/settings">
                <Settings className="h-4 w-4" aria-hidden="true" /> Settings
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <p className="text-sm text-muted-foreground">
        Conversion rate: clients who ever had an active subscription, divided by the consultation
        requests received. Collected this month: the payments of this calendar month (UTC) that
        count toward their invoices. Outstanding: what sent and overdue invoices still owe.
      </p>
    </div>
  );
}

import { Route, Switch } from 'wouter';
import { PortalNotFoundPage } from '@/components/not-found-page';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-provider';
import { RouteErrorBoundary } from '@/app/error-boundaries';
import { PortalShell } from '@/app/layouts/portal-shell';
import { PortalDashboardPage } from '@/app/pages/portal-dashboard-page';
import { PortalGuard } from '@/features/auth/public';
import { NewTicketPage } from '@/features/tickets/pages/new-ticket-page';
import { SubscribePage } from '@/features/subscriptions/pages/subscribe-page';
import { SupportListPage } from '@/features/tickets/pages/support-list-page';
import { TicketDetailPage } from '@/features/tickets/pages/ticket-detail-page';

/** Every /portal/* screen: one lazily loaded chunk, behind the sign-in guard. */
export function PortalRoutes() {
  return (
    <QueryProvider>
      <PortalGuard>
        <PortalShell>
          <RouteErrorBoundary>
            <Switch>
              <Route path={paths.portal.dashboard.pattern} component={PortalDashboardPage} />
              <Route path={paths.portal.support.pattern} component={SupportListPage} />
              <Route path={paths.portal.newTicket.pattern} component={NewTicketPage} />
              <Route path={paths.portal.ticket.pattern} component={TicketDetailPage} />
              <Route path={paths.portal.subscribe.pattern} component={SubscribePage} />
              <Route component={PortalNotFoundPage} />
            </Switch>
          </RouteErrorBoundary>
        </PortalShell>
      </PortalGuard>
    </QueryProvider>
  );
}

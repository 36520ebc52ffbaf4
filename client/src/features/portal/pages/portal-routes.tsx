import { Route, Switch } from 'wouter';
import { NotFoundPage } from '@/app/not-found-page';
import { QueryProvider } from '@/app/query-provider';
import { PortalGuard } from '@/features/auth/components/portal-guard';
import { NewTicketPage } from './new-ticket-page';
import { PortalDashboardPage } from './portal-dashboard-page';
import { SubscribePage } from './subscribe-page';
import { SupportListPage } from './support-list-page';
import { TicketDetailPage } from './ticket-detail-page';

/** Every /portal/* screen: one lazily loaded chunk, behind the sign-in guard. */
export function PortalRoutes() {
  return (
    <QueryProvider>
      <PortalGuard>
        <Switch>
          <Route path="/portal/dashboard" component={PortalDashboardPage} />
          <Route path="/portal/support" component={SupportListPage} />
          <Route path="/portal/support/new" component={NewTicketPage} />
          <Route path="/portal/support/:id" component={TicketDetailPage} />
          <Route path="/portal/subscribe" component={SubscribePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </PortalGuard>
    </QueryProvider>
  );
}

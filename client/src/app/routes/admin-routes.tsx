import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryProvider } from '@/lib/query-provider';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AdminShell } from '@/app/layouts/admin-shell';
import { RouteErrorBoundary } from '@/app/error-boundaries';
import { AdminLoginPage } from '@/features/admin-auth/pages/admin-login-page';
import {
  TWO_FACTOR_SETUP_PATH,
  TwoFactorSetupPage,
} from '@/features/admin-auth/pages/two-factor-setup-page';
import { AuditPage } from '@/features/audit/pages/audit-page';
import { AdminDashboardPage } from '@/features/dashboard/pages/admin-dashboard-page';
import { AdminSupportPage } from '@/features/tickets/pages/admin-support-page';
import { AdminTicketPage } from '@/features/tickets/pages/admin-ticket-page';
import { ClientDetailPage } from '@/features/clients/pages/client-detail-page';
import { ClientsPage } from '@/features/clients/pages/clients-page';
import { InvitePage } from '@/features/signup-links/pages/invite-page';
import { InvoiceDetailPage } from '@/features/invoices/pages/invoice-detail-page';
import { InvoicesPage } from '@/features/invoices/pages/invoices-page';
import { NewInvoicePage } from '@/features/invoices/pages/new-invoice-page';
import { OutboxPage } from '@/features/mail/pages/outbox-page';
import { PaymentsPage } from '@/features/payments/pages/payments-page';
import { RequestsPage } from '@/features/consultations/pages/requests-page';
import { SettingsPage } from '@/features/settings/pages/settings-page';

const MarketingToolPage = lazy(() =>
  import('@/features/leads/pages/marketing-tool-page').then((m) => ({
    default: m.MarketingToolPage,
  })),
);

/** Every /admin/* screen: one lazily loaded chunk (the marketing tool is a chunk of its own). */
export function AdminRoutes() {
  return (
    <QueryProvider>
      <Switch>
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route>
          <AdminShell>
            <RouteErrorBoundary>
              <Suspense fallback={<FullScreenSpinner />}>
                <Switch>
                  <Route path="/admin/dashboard" component={AdminDashboardPage} />
                  <Route path="/admin/invoices" component={InvoicesPage} />
                  <Route path="/admin/invoices/new" component={NewInvoicePage} />
                  <Route path="/admin/invoices/:id" component={InvoiceDetailPage} />
                  <Route path="/admin/payments" component={PaymentsPage} />
                  <Route path="/admin/clients" component={ClientsPage} />
                  <Route path="/admin/clients/invite" component={InvitePage} />
                  <Route path="/admin/clients/:id" component={ClientDetailPage} />
                  <Route path="/admin/support" component={AdminSupportPage} />
                  <Route path="/admin/support/:id" component={AdminTicketPage} />
                  <Route path="/admin/requests" component={RequestsPage} />
                  <Route path="/admin/outbox" component={OutboxPage} />
                  <Route path="/admin/outbox/:id" component={OutboxPage} />
                  <Route path="/admin/settings" component={SettingsPage} />
                  <Route path="/admin/audit" component={AuditPage} />
                  <Route path={TWO_FACTOR_SETUP_PATH} component={TwoFactorSetupPage} />
                  <Route path="/admin/marketing-tool" component={MarketingToolPage} />
                  <Route component={NotFoundPage} />
                </Switch>
              </Suspense>
            </RouteErrorBoundary>
          </AdminShell>
        </Route>
      </Switch>
    </QueryProvider>
  );
}

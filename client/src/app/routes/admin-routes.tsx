import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AdminNotFoundPage } from '@/components/not-found-page';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-provider';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AdminShell } from '@/app/layouts/admin-shell';
import { RouteErrorBoundary } from '@/app/error-boundaries';
import { ClientDetailPage } from '@/app/pages/client-detail-page';
import { SettingsPage } from '@/app/pages/settings-page';
import { WebsitePreviewPage } from '@/app/pages/website-preview-page';
import { WebsitePage } from '@/features/website/pages/website-page';
import { PlansPage } from '@/app/pages/plans-page';
import { AcceptAdminInvitePage } from '@/features/admin-auth/pages/accept-admin-invite-page';
import { AdminForgotPasswordPage } from '@/features/admin-auth/pages/admin-forgot-password-page';
import { AdminLoginPage } from '@/features/admin-auth/pages/admin-login-page';
import { AdminResetPasswordPage } from '@/features/admin-auth/pages/admin-reset-password-page';
import { FirstAdminSetupPage } from '@/features/admin-auth/pages/first-admin-setup-page';
import { TwoFactorSetupPage } from '@/features/admin-auth/pages/two-factor-setup-page';
import { AuditPage } from '@/features/audit/pages/audit-page';
import { BooksPage } from '@/features/accounting/pages/books-page';
import { AdminDashboardPage } from '@/features/dashboard/pages/admin-dashboard-page';
import { AdminSupportPage } from '@/features/tickets/pages/admin-support-page';
import { AdminTicketPage } from '@/features/tickets/pages/admin-ticket-page';
import { ClientsPage } from '@/features/clients/pages/clients-page';
import { InvitePage } from '@/features/signup-links/pages/invite-page';
import { InvoiceDetailPage } from '@/features/invoices/pages/invoice-detail-page';
import { InvoicesPage } from '@/features/invoices/pages/invoices-page';
import { NewInvoicePage } from '@/features/invoices/pages/new-invoice-page';
import { UpcomingRenewalsPage } from '@/features/invoices/pages/upcoming-renewals-page';
import { EditInvoicePage } from '@/features/invoices/pages/edit-invoice-page';
import { InboundPage } from '@/features/inbound/pages/inbound-page';
import { OutboxPage } from '@/features/mail/pages/outbox-page';
import { PaymentsPage } from '@/features/payments/pages/payments-page';
import { PayoutPage } from '@/features/payouts/pages/payout-page';
import { PayoutsPage } from '@/features/payouts/pages/payouts-page';
import { EditProposalPage } from '@/features/proposals/pages/edit-proposal-page';
import { NewProposalPage } from '@/features/proposals/pages/new-proposal-page';
import { ProposalDetailPage } from '@/features/proposals/pages/proposal-detail-page';
import { ProposalsPage } from '@/features/proposals/pages/proposals-page';
import { RequestsPage } from '@/features/consultations/pages/requests-page';
import { SitesPage } from '@/features/sites/pages/sites-page';

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
        <Route path={paths.admin.login.pattern} component={AdminLoginPage} />
        <Route path={paths.admin.forgotPassword.pattern} component={AdminForgotPasswordPage} />
        <Route path={paths.admin.resetPassword.pattern} component={AdminResetPasswordPage} />
        <Route path={paths.admin.setup.pattern} component={FirstAdminSetupPage} />
        <Route path={paths.admin.acceptInvite.pattern} component={AcceptAdminInvitePage} />
        <Route path={paths.admin.websitePreview.pattern} component={WebsitePreviewPage} />
        <Route>
          <AdminShell>
            <RouteErrorBoundary>
              <Suspense fallback={<FullScreenSpinner />}>
                <Switch>
                  <Route path={paths.admin.dashboard.pattern} component={AdminDashboardPage} />
                  <Route path={paths.admin.invoices.pattern} component={InvoicesPage} />
                  <Route path={paths.admin.newInvoice.pattern} component={NewInvoicePage} />
                  <Route
                    path={paths.admin.upcomingRenewals.pattern}
                    component={UpcomingRenewalsPage}
                  />
                  <Route path={paths.admin.editInvoice.pattern} component={EditInvoicePage} />
                  <Route path={paths.admin.invoice.pattern} component={InvoiceDetailPage} />
                  <Route path={paths.admin.proposals.pattern} component={ProposalsPage} />
                  <Route path={paths.admin.newProposal.pattern} component={NewProposalPage} />
                  <Route path={paths.admin.editProposal.pattern} component={EditProposalPage} />
                  <Route path={paths.admin.proposal.pattern} component={ProposalDetailPage} />
                  <Route path={paths.admin.payments.pattern} component={PaymentsPage} />
                  <Route path={paths.admin.payouts.pattern} component={PayoutsPage} />
                  <Route path={paths.admin.payout.pattern} component={PayoutPage} />
                  <Route path={paths.admin.clients.pattern} component={ClientsPage} />
                  <Route path={paths.admin.inviteClient.pattern} component={InvitePage} />
                  <Route path={paths.admin.client.pattern} component={ClientDetailPage} />
                  <Route path={paths.admin.sites.pattern} component={SitesPage} />
                  <Route path={paths.admin.support.pattern} component={AdminSupportPage} />
                  <Route path={paths.admin.inbound.pattern} component={InboundPage} />
                  <Route path={paths.admin.inboundMessage.pattern} component={InboundPage} />
                  <Route path={paths.admin.ticket.pattern} component={AdminTicketPage} />
                  <Route path={paths.admin.requests.pattern} component={RequestsPage} />
                  <Route path={paths.admin.outbox.pattern} component={OutboxPage} />
                  <Route path={paths.admin.outboxMessage.pattern} component={OutboxPage} />
                  <Route path={paths.admin.plans.pattern} component={PlansPage} />
                  <Route path={paths.admin.settings.pattern} component={SettingsPage} />
                  <Route path={paths.admin.website.pattern} component={WebsitePage} />
                  <Route path={paths.admin.audit.pattern} component={AuditPage} />
                  <Route path={paths.admin.books.pattern} component={BooksPage} />
                  <Route path={paths.admin.twoFactorSetup.pattern} component={TwoFactorSetupPage} />
                  <Route path={paths.admin.marketingTool.pattern} component={MarketingToolPage} />
                  <Route component={AdminNotFoundPage} />
                </Switch>
              </Suspense>
            </RouteErrorBoundary>
          </AdminShell>
        </Route>
      </Switch>
    </QueryProvider>
  );
}

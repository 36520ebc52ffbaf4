import { LifeBuoy } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AgreementsCard } from '@/features/agreements/public';
import { useUser } from '@/features/auth/public';
import { BillingHistoryCard } from '@/features/invoices/public';
import { PaymentCard, useCheckoutReturn } from '@/features/payments/public';
import { AccountCard, ChangeEmailCard, ChangePasswordCard } from '@/features/profile/public';
import { ReportsCard } from '@/features/reports/public';
import { YourWebsiteCards } from '@/features/sites/public';
import { OwnStatementCard } from '@/features/statements/public';
import { SubscriptionPanel, SubscriptionSummary } from '@/features/subscriptions/public';
import { RecentTickets, useOpenTicketCount } from '@/features/tickets/public';
import { UpdatesMeterLine } from '@/features/updates/public';
import { paths } from '@/lib/paths';

function SupportCard() {
  const open = useOpenTicketCount();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Support</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex items-center gap-2">
          <LifeBuoy className="h-5 w-5 text-primary" aria-hidden="true" />
          {open === undefined
            ? 'Loading your tickets...'
            : `${open} open ${open === 1 ? 'ticket' : 'tickets'}`}
        </p>
        <UpdatesMeterLine />
        <Link
          href={paths.portal.support()}
          className="text-sm font-medium text-primary hover:underline"
        >
          View support tickets
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * /portal/dashboard: the client's home, the cards of ten features side by side (which is
 * why it lives in app/ and not in one of them).
 */
export function PortalDashboardPage() {
  const { user } = useUser();
  // Back from Stripe Checkout: thanks (or reassures) the client and waits for the invoice.
  const { awaitingPaymentOf, paymentConfirmed } = useCheckoutReturn();
  return (
    <>
      <main id="main-content" className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="sr-only">Client Portal</h1>
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="subscription">Subscription</TabsTrigger>
            <TabsTrigger value="support">Support</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="mt-6">
            {/* grid-cols-1: a column no wider than the screen; a wide table scrolls in its box. */}
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              {user && <AccountCard user={user} />}
              <Card>
                <CardHeader>
                  <CardTitle>Subscription Status</CardTitle>
                </CardHeader>
                <CardContent>
                  <SubscriptionSummary />
                </CardContent>
              </Card>
              <YourWebsiteCards />
              <SupportCard />
              <BillingHistoryCard
                awaitingPaymentOf={awaitingPaymentOf}
                onPaymentConfirmed={paymentConfirmed}
              />
              <OwnStatementCard />
              <ReportsCard />
              <AgreementsCard />
              <PaymentCard />
              {user && <ChangeEmailCard email={user.email} />}
              <ChangePasswordCard />
            </div>
          </TabsContent>
          <TabsContent value="subscription" className="mt-6">
            <Card>
              <CardHeader>
                <CardTitle>Your Subscription</CardTitle>
              </CardHeader>
              <CardContent>
                <SubscriptionPanel />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="support" className="mt-6">
            <RecentTickets />
          </TabsContent>
        </Tabs>
      </main>
    </>
  );
}

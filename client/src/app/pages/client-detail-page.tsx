import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { formatCents } from '@shared/money';
import { invoiceName } from '@shared/schemas/invoices';
import { PAYMENT_METHOD_LABELS, receivedOn } from '@shared/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { businessTimeZone, formatDate, formatDateTime } from '@/lib/dates';
import {
  ClientAccessCard,
  ClientDetailsDialog,
  ClientEmailChangeCard,
  ClientNotes,
  ClientPlanActions,
  ClientProfile,
  ClientSubscriptionCard,
  ClientMoney,
  PasswordResetCard,
  RecentCard,
  RecentRow,
  SubscriptionStatusBadge,
  planName,
  useClient,
} from '@/features/clients/public';
import { InvoiceStatusBadge } from '@/features/invoices/public';
import { ClientProposalsCard } from '@/features/proposals/public';
import { ClientReportsCard } from '@/features/reports/public';
import { SignupLinkStateBadge } from '@/features/signup-links/public';
import { ClientStatementCard } from '@/features/statements/public';
import { ClientSitesCard } from '@/features/sites/public';
import { ClientTaxCard } from '@/features/tax/public';
import { TicketKindBadge, TicketStatusLabel } from '@/features/tickets/public';
import { ClientUpdatesCard } from '@/features/updates/public';
import { paths } from '@/lib/paths';

/**
 * /admin/clients/{id}: one client, their plan, money, tickets, e-mails and the agency's notes.
 * It draws the cards of several features (sites, updates, reports) and their badges beside the
 * client's own, which is why it lives in app/ and not in the clients feature.
 */
export function ClientDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const client = useClient(id);

  if (!client.data) {
    return (
      <div className="space-y-4">
        <QueryState
          query={client}
          what="client"
          titleAs="h1"
          loading={
            <div className="space-y-4">
              <Skeleton className="h-10 w-64" />
              <Skeleton className="h-48 w-full" />
            </div>
          }
        />
        {!client.isLoading && (
          <Link href={paths.admin.clients()} className="inline-block text-primary hover:underline">
            Back to clients
          </Link>
        )}
      </div>
    );
  }
  const detail = client.data;
  const { profile } = detail;
  const shown = (list: { items: unknown[] }) => list.items.length;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link
          href={paths.admin.clients()}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All clients
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words font-display text-3xl font-bold">{profile.name}</h1>
          <SubscriptionStatusBadge status={detail.subscription?.status ?? null} />
          {profile.deactivatedAt && <Badge variant="destructive">Deactivated</Badge>}
        </div>
        {profile.businessName && <p className="text-muted-foreground">{profile.businessName}</p>}
        <ClientDetailsDialog profile={profile} />
      </div>

      <ClientMoney money={detail.money} />

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <ClientSitesCard clientId={profile.id} />
          <ClientProposalsCard clientId={profile.id} />
          <RecentCard
            title="Invoices"
            total={detail.invoices.total}
            shown={shown(detail.invoices)}
            allHref={paths.admin.invoices({ client: profile.id })}
            allLabel="See all their invoices"
            empty="No invoices yet."
          >
            <ul className="divide-y">
              {detail.invoices.items.map((invoice) => (
                <RecentRow
                  key={invoice.id}
                  main={
                    <Link
                      href={paths.admin.invoice(invoice.id)}
                      className="inline-flex min-h-6 items-center font-medium text-primary hover:underline"
                    >
                      {invoiceName(invoice)}
                    </Link>
                  }
                  side={
                    <>
                      <span>{formatDate(invoice.dateIssued)}</span>
                      <span className="font-medium text-foreground">
                        {formatCents(invoice.total)}
                      </span>
                      {invoice.status !== 'paid' &&
                        invoice.status !== 'draft' &&
                        invoice.amountPaid > 0 && (
                          <span>{formatCents(invoice.total - invoice.amountPaid)} due</span>
                        )}
                      <InvoiceStatusBadge invoice={invoice} />
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>

          <RecentCard
            title="Payments"
            total={detail.payments.total}
            shown={shown(detail.payments)}
            empty="No payments yet."
          >
            <ul className="divide-y">
              {detail.payments.items.map((payment) => (
                <RecentRow
                  key={payment.id}
                  main={
                    <>
                      <span className="font-medium">{formatCents(payment.amount)}</span>{' '}
                      <span className="text-sm text-muted-foreground">
                        {PAYMENT_METHOD_LABELS[payment.method]} · {payment.invoiceNumber}
                      </span>
                    </>
                  }
                  side={
                    <>
                      <span>{formatDate(receivedOn(payment, businessTimeZone()))}</span>
                      {payment.refundedAt && <Badge variant="secondary">Refunded</Badge>}
                      {payment.flag && <Badge variant="warning">Needs attention</Badge>}
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>

          <RecentCard
            title="Support tickets"
            total={detail.tickets.total}
            shown={shown(detail.tickets)}
            allHref={paths.admin.support({ client: profile.id })}
            allLabel="See all their tickets"
            empty="No tickets yet."
          >
            <ul className="divide-y">
              {detail.tickets.items.map((ticket) => (
                <RecentRow
                  key={ticket.id}
                  main={
                    <Link
                      href={paths.admin.ticket(ticket.id)}
                      className="inline-flex min-h-6 items-center font-medium text-primary hover:underline"
                    >
                      {ticket.subject}
                    </Link>
                  }
                  side={
                    <>
                      <TicketKindBadge kind={ticket.kind} updatesOnly />
                      <span>{formatDate(ticket.updatedAt)}</span>
                      <TicketStatusLabel status={ticket.status} />
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>

          <ClientUpdatesCard clientId={profile.id} />
          <ClientReportsCard clientId={profile.id} joinedAt={profile.createdAt} />
          <ClientStatementCard clientId={profile.id} />

          <RecentCard
            title="E-mails"
            total={detail.messages.total}
            shown={shown(detail.messages)}
            allHref={profile.email ? paths.admin.outbox({ q: profile.email }) : undefined}
            allLabel="See all e-mails to them"
            empty="No e-mails yet."
          >
            <ul className="divide-y">
              {detail.messages.items.map((message) => (
                <RecentRow
                  key={message.id}
                  main={
                    <Link
                      href={paths.admin.outboxMessage(message.id)}
                      className="text-primary hover:underline"
                    >
                      {message.subject}
                    </Link>
                  }
                  side={
                    <>
                      <span>{formatDateTime(message.createdAt)}</span>
                      {message.status !== 'sent' && (
                        <Badge variant={message.status === 'failed' ? 'destructive' : 'secondary'}>
                          {message.status === 'failed' ? 'Failed' : 'Kept'}
                        </Badge>
                      )}
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>
        </div>

        <div className="min-w-0 space-y-6">
          <ClientProfile profile={profile} />
          <ClientEmailChangeCard profile={profile} />
          <PasswordResetCard clientId={profile.id} />
          <ClientSubscriptionCard detail={detail} />
          <ClientPlanActions clientId={profile.id} subscription={detail.subscription} />
          <ClientAccessCard detail={detail} />
          <ClientTaxCard clientId={profile.id} />
          <RecentCard
            title="Signup links"
            total={detail.signupLinks.total}
            shown={shown(detail.signupLinks)}
            empty="No signup links for this e-mail."
          >
            <ul className="divide-y">
              {detail.signupLinks.items.map((link) => (
                <RecentRow
                  key={link.id}
                  main={planName(link.planType)}
                  side={
                    <>
                      <span>{formatDateTime(link.createdAt)}</span>
                      <SignupLinkStateBadge state={link.state} />
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>
          <ClientNotes clientId={profile.id} notes={detail.notes} />
        </div>
      </div>
    </div>
  );
}

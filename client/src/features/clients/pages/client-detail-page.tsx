import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Mail, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { formatCents } from '@shared/money';
import { findPlan } from '@shared/plans';
import {
  NewClientNoteSchema,
  type ClientDetail,
  type NewClientNote,
} from '@shared/schemas/clients';
import { invoiceName } from '@shared/schemas/invoices';
import { PAYMENT_METHOD_LABELS } from '@shared/schemas/payments';
import { SUBSCRIPTION_EVENT_LABELS } from '@shared/schemas/subscriptions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { TextareaField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { formatDate, formatDateTime } from '@/lib/dates';
import { InvoiceStatusBadge } from '@/features/invoices/public';
import { SignupLinkStateBadge } from '@/features/signup-links/public';
import { TicketStatusLabel } from '@/features/tickets/public';
import { useAddClientNote, useDeleteClientNote } from '../api/client-notes';
import { useClient } from '../api/get-client';
import { SubscriptionStatusBadge } from '../components/subscription-status-badge';

const planName = (tier: string | null) => (tier ? (findPlan(tier)?.name ?? tier) : 'None');

/** A card holding the latest rows of one of the client's lists, and a link to all of them. */
function RecentCard({
  title,
  total,
  shown,
  allHref,
  allLabel,
  empty,
  children,
}: {
  title: string;
  total: number;
  shown: number;
  allHref?: string;
  allLabel?: string;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{title}</CardTitle>
        {total > 0 && (
          <span className="text-sm text-muted-foreground">
            {total > shown
              ? `Latest ${shown} of ${total.toLocaleString('en-US')}`
              : `${total.toLocaleString('en-US')} in all`}
          </span>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {total === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
        {allHref && total > shown && (
          <Link href={allHref} className="text-sm font-medium text-primary hover:underline">
            {allLabel}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** One row of a recent list: what it is on the left, its state and date on the right. */
function Row({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <div className="min-w-0 break-words">{main}</div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">{side}</div>
    </li>
  );
}

function Profile({ profile }: { profile: ClientDetail['profile'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label="Email">
            {profile.email ? (
              <a
                href={`mailto:${profile.email}`}
                className="inline-flex items-center gap-1 break-all text-primary hover:underline"
              >
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" /> {profile.email}
              </a>
            ) : (
              'No e-mail'
            )}
            {profile.email && !profile.emailVerified && (
              <span className="block text-xs font-normal text-muted-foreground">Not verified</span>
            )}
          </Detail>
          <Detail label="Phone">
            {profile.phoneNumber ? (
              <a
                href={`tel:${profile.phoneNumber}`}
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" /> {profile.phoneNumber}
              </a>
            ) : (
              'Not given'
            )}
          </Detail>
          <Detail label="Business">{profile.businessName ?? 'Not given'}</Detail>
          <Detail label="Client since">{formatDate(profile.createdAt)}</Detail>
          <Detail label="Saved card">
            {profile.card
              ? `${profile.card.brand} ending ${profile.card.last4} (expires ${profile.card.expMonth}/${profile.card.expYear})`
              : 'None'}
          </Detail>
          <Detail label="Automatic payment">{profile.autoPay ? 'On' : 'Off'}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

function SubscriptionCard({ detail }: { detail: ClientDetail }) {
  const { subscription, history } = detail;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Subscription</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {subscription ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Plan">{planName(subscription.tier)}</Detail>
            <Detail label="Status">
              {subscription.withdrawn ? (
                'Request withdrawn'
              ) : (
                <SubscriptionStatusBadge status={subscription.status} />
              )}
            </Detail>
            {subscription.currentPeriodStart && subscription.currentPeriodEnd && (
              <Detail label="Current period">
                {formatDate(subscription.currentPeriodStart)} –{' '}
                {formatDate(subscription.currentPeriodEnd)}
              </Detail>
            )}
            {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && (
              <Detail label="Ends">{formatDate(subscription.currentPeriodEnd)}</Detail>
            )}
            {subscription.pendingTier && (
              <Detail label="Changing to">
                {planName(subscription.pendingTier)}
                {subscription.pendingTierFrom && ` on ${formatDate(subscription.pendingTierFrom)}`}
              </Detail>
            )}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No plan yet.</p>
        )}
        {history.total > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-medium">History</h3>
            <ol className="divide-y text-sm" aria-label="Subscription history">
              {history.items.map((event) => (
                <Row
                  key={event.id}
                  main={
                    <>
                      {SUBSCRIPTION_EVENT_LABELS[event.kind]} · {planName(event.tier)} (
                      {formatCents(event.monthlyPriceCents)}/month)
                    </>
                  }
                  side={formatDateTime(event.occurredAt)}
                />
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Notes({ clientId, notes }: { clientId: string; notes: ClientDetail['notes'] }) {
  const add = useAddClientNote(clientId);
  const remove = useDeleteClientNote(clientId);
  const form = useForm<NewClientNote>({
    resolver: zodResolver(NewClientNoteSchema),
    defaultValues: { body: '' },
  });
  const onSubmit = form.handleSubmit((note) =>
    add.mutate(note, {
      onSuccess: () => {
        form.reset({ body: '' });
        toast({ title: 'Note added' });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Private notes</CardTitle>
        <p className="text-sm text-muted-foreground">Only the agency sees these.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Add a note">
          <TextareaField
            label="New note"
            rows={3}
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Add note'}
          </Button>
        </form>
        {notes.length > 0 && (
          <ul className="divide-y">
            {notes.map((note) => (
              <li key={note.id} className="space-y-1 py-3">
                <p className="whitespace-pre-wrap break-words text-sm">{note.body}</p>
                <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                  <span>
                    {formatDateTime(note.createdAt)}
                    {note.authorEmail && ` · ${note.authorEmail}`}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm('Delete this note?')) remove.mutate(note.id);
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                    <span className="sr-only"> the note of {formatDateTime(note.createdAt)}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Money({ money }: { money: ClientDetail['money'] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {(
        [
          ['Balance due', money.balance],
          ['Overdue', money.overdue],
          ['Paid so far', money.paid],
        ] as const
      ).map(([label, cents]) => (
        <Card key={label}>
          <CardContent className="pt-6">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd
              className={
                label === 'Overdue' && cents > 0
                  ? 'text-2xl font-bold text-destructive'
                  : 'text-2xl font-bold'
              }
            >
              {formatCents(cents)}
            </dd>
          </CardContent>
        </Card>
      ))}
    </dl>
  );
}

/** /admin/clients/{id}: one client, their plan, money, tickets, e-mails and the agency's notes. */
export function ClientDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const client = useClient(id);

  if (client.isLoading) {
    return (
      <div role="status" aria-label="Loading the client" className="space-y-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (client.isError || !client.data) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-destructive">
          {errorMessage(client.error, 'The client could not be loaded. Please reload the page.')}
        </p>
        <Link href="/admin/clients" className="text-primary hover:underline">
          Back to clients
        </Link>
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
          href="/admin/clients"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All clients
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words font-display text-3xl font-bold">{profile.name}</h1>
          <SubscriptionStatusBadge status={detail.subscription?.status ?? null} />
        </div>
        {profile.businessName && <p className="text-muted-foreground">{profile.businessName}</p>}
      </div>

      <Money money={detail.money} />

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <RecentCard
            title="Invoices"
            total={detail.invoices.total}
            shown={shown(detail.invoices)}
            allHref={`/admin/invoices?client=${profile.id}`}
            allLabel="See all their invoices"
            empty="No invoices yet."
          >
            <ul className="divide-y">
              {detail.invoices.items.map((invoice) => (
                <Row
                  key={invoice.id}
                  main={
                    <Link
                      href={`/admin/invoices/${invoice.id}`}
                      className="font-medium text-primary hover:underline"
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
                      <InvoiceStatusBadge status={invoice.status} />
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
                <Row
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
                      <span>{formatDate(payment.paidAt)}</span>
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
            allHref={`/admin/support?client=${profile.id}`}
            allLabel="See all their tickets"
            empty="No tickets yet."
          >
            <ul className="divide-y">
              {detail.tickets.items.map((ticket) => (
                <Row
                  key={ticket.id}
                  main={
                    <Link
                      href={`/admin/support/${ticket.id}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {ticket.subject}
                    </Link>
                  }
                  side={
                    <>
                      <span>{formatDate(ticket.updatedAt)}</span>
                      <TicketStatusLabel status={ticket.status} />
                    </>
                  }
                />
              ))}
            </ul>
          </RecentCard>

          <RecentCard
            title="E-mails"
            total={detail.messages.total}
            shown={shown(detail.messages)}
            allHref={
              profile.email ? `/admin/outbox?q=${encodeURIComponent(profile.email)}` : undefined
            }
            allLabel="See all e-mails to them"
            empty="No e-mails yet."
          >
            <ul className="divide-y">
              {detail.messages.items.map((message) => (
                <Row
                  key={message.id}
                  main={
                    <Link
                      href={`/admin/outbox/${message.id}`}
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
          <Profile profile={profile} />
          <SubscriptionCard detail={detail} />
          <RecentCard
            title="Signup links"
            total={detail.signupLinks.total}
            shown={shown(detail.signupLinks)}
            empty="No signup links for this e-mail."
          >
            <ul className="divide-y">
              {detail.signupLinks.items.map((link) => (
                <Row
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
          <Notes clientId={profile.id} notes={detail.notes} />
        </div>
      </div>
    </div>
  );
}

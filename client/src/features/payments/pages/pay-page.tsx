import { AlertTriangle, CheckCircle2, CreditCard, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { formatCents } from '@shared/money';
import { balanceDue, payableByCard } from '@shared/schemas/payments';
import { BrandCardPage } from '@/components/brand-card-page';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { isNotFound, QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/dates';
import { QueryProvider } from '@/lib/query-provider';
import { usePublicSettings } from '@/features/settings/public';
import { usePayByLink } from '../api/pay-by-link';
import { usePayLinkInvoice } from '../api/get-pay-link-invoice';
import { HowToPay } from '../components/how-to-pay';
import { CONFIRMATION_WAIT_MS } from '../components/use-checkout-return';
import { useLeavingForStripe } from '../components/use-leaving-for-stripe';

const TITLE = 'text-xl font-semibold leading-tight';

function Frame({ children }: { children: React.ReactNode }) {
  return <BrandCardPage brand={usePublicSettings().businessName}>{children}</BrandCardPage>;
}

function InvalidLink() {
  const { businessEmail } = usePublicSettings();
  return (
    <Frame>
      <CardHeader>
        <h1 className={`flex items-center gap-2 ${TITLE}`}>
          <AlertTriangle className="h-5 w-5 shrink-0 text-destructive" aria-hidden="true" />
          This pay link is not valid
        </h1>
      </CardHeader>
      <CardContent className="space-y-3">
        <p role="alert">It may be mistyped, or the invoice was removed.</p>
        <p className="text-sm text-muted-foreground">
          Write to{' '}
          <a className="break-all text-primary underline" href={`mailto:${businessEmail}`}>
            {businessEmail}
          </a>{' '}
          and we will send you a new one.
        </p>
      </CardContent>
    </Frame>
  );
}

/** True for `ms` after the page opened with `active`: how long it waits for the webhook. */
function useWaitingFor(active: boolean, ms: number): boolean {
  const [waiting, setWaiting] = useState(active);
  useEffect(() => {
    if (!active) return;
    const stop = window.setTimeout(() => setWaiting(false), ms);
    return () => window.clearTimeout(stop);
  }, [active, ms]);
  return active && waiting;
}

function PayLinkInvoice({ token }: { token: string }) {
  const returned = new URLSearchParams(useSearch()).get('payment');
  const paidOnStripe = returned === 'success';
  const waiting = useWaitingFor(paidOnStripe, CONFIRMATION_WAIT_MS);
  const invoice = usePayLinkInvoice(token, { poll: waiting });
  const pay = usePayByLink();
  // Held after success too, until the browser has left for Stripe.
  const opening = useLeavingForStripe(pay);

  if (!invoice.data) {
    // A pay link that leads nowhere says so in the words of a link, not of a record.
    if (isNotFound(invoice.error)) return <InvalidLink />;
    return (
      <Frame>
        <CardContent className="pt-6">
          <QueryState
            query={invoice}
            what="invoice"
            loading={
              <div className="flex justify-center py-10">
                <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
              </div>
            }
          />
        </CardContent>
      </Frame>
    );
  }

  const current = invoice.data;
  const balance = balanceDue(current);
  // Card payment on, and a balance Stripe can charge (its minimum is 50 cents).
  const byCard = current.onlinePayments && payableByCard(current);
  const paid = current.status === 'paid';
  return (
    <Frame>
      <CardHeader>
        <h1 className={`break-words ${TITLE}`}>Invoice {current.invoiceNumber}</h1>
        <CardDescription>From {current.businessName}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 [&>div:first-child]:col-span-2 [&_dd]:break-words">
          <Detail label="Billed to">{current.clientName}</Detail>
          <Detail label="Issued">{formatDate(current.dateIssued)}</Detail>
          <Detail label="Due">{formatDate(current.dueDate)}</Detail>
          <Detail label="Total">{formatCents(current.total)}</Detail>
          {current.amountPaid > 0 && (
            <Detail label="Amount paid">{formatCents(current.amountPaid)}</Detail>
          )}
          {!paid && <Detail label="Balance due">{formatCents(balance)}</Detail>}
        </dl>
        {/* Always in the page, so a screen reader hears the message when it changes. */}
        <div role="status" className="space-y-2">
          {paid ? (
            <p className="flex items-center gap-2 font-medium text-green-700">
              <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
              This invoice is paid. Thank you!
            </p>
          ) : paidOnStripe && waiting ? (
            <p className="flex items-center gap-2">
              <Loader2
                className="h-5 w-5 shrink-0 animate-spin text-primary motion-reduce:animate-none"
                aria-hidden="true"
              />
              Payment received, thank you. This page shows it paid in a moment.
            </p>
          ) : paidOnStripe ? (
            <p>
              Payment received, thank you. It can take a few minutes to show here: reload this page
              later.
            </p>
          ) : returned === 'cancelled' ? (
            <p>Payment canceled: nothing was charged.</p>
          ) : null}
        </div>
        {/* Not after a payment on Stripe's page: its confirmation may still be on its way,
            and a second Checkout would charge the card twice. */}
        {!paid && !paidOnStripe && byCard && (
          <Button className="w-full" disabled={opening} onClick={() => pay.mutate(token)}>
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            {opening ? 'Opening checkout…' : `Pay ${formatCents(balance)}`}
          </Button>
        )}
        {/* The other ways to pay, as the e-mail and the PDF give them. */}
        {!paid && <HowToPay instructions={current.paymentInstructions} heading="h2" />}
        {/* The late-fee terms, as the invoice and its e-mail print them (issue 39). */}
        {!paid && current.lateFeeTerms && (
          <p className="text-sm text-muted-foreground">{current.lateFeeTerms}</p>
        )}
      </CardContent>
    </Frame>
  );
}

/** /pay/{token}: an invoice's pay link, from its e-mail or PDF; no sign-in needed. */
export function PayPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <QueryProvider>
      <PayLinkInvoice token={token} />
    </QueryProvider>
  );
}

import { AlertTriangle, CheckCircle2, CreditCard, Loader2 } from 'lucide-react';
import { useParams, useSearch } from 'wouter';
import { formatCents } from '@shared/money';
import { balanceDue } from '@shared/schemas/payments';
import { BrandCardPage } from '@/components/brand-card-page';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-request';
import { formatDate } from '@/lib/dates';
import { QueryProvider } from '@/lib/query-provider';
import { usePublicSettings } from '@/features/settings/public';
import { usePayByLink } from '../api/pay-by-link';
import { usePayLinkInvoice } from '../api/get-pay-link-invoice';
import { HowToPay } from '../components/how-to-pay';

function Frame({ children }: { children: React.ReactNode }) {
  return <BrandCardPage brand={usePublicSettings().businessName}>{children}</BrandCardPage>;
}

function InvalidLink() {
  const { businessEmail } = usePublicSettings();
  return (
    <Frame>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden="true" />
          This pay link is not valid
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p role="alert">It may be mistyped, or the invoice was removed.</p>
        <p className="text-sm text-muted-foreground">
          Write to{' '}
          <a className="text-primary underline" href={`mailto:${businessEmail}`}>
            {businessEmail}
          </a>{' '}
          and we will send you a new one.
        </p>
      </CardContent>
    </Frame>
  );
}

function PayLinkInvoice({ token }: { token: string }) {
  const returned = new URLSearchParams(useSearch()).get('payment');
  const invoice = usePayLinkInvoice(token, { poll: returned === 'success' });
  const pay = usePayByLink();

  if (invoice.isLoading) {
    return (
      <Frame>
        <CardContent className="flex justify-center py-10">
          <Spinner label="Loading the invoice" />
        </CardContent>
      </Frame>
    );
  }
  if (!invoice.data) {
    if (invoice.error instanceof ApiError && invoice.error.status === 404) return <InvalidLink />;
    return (
      <Frame>
        <CardContent className="py-6">
          <p role="alert">The invoice could not be loaded. Please try again in a moment.</p>
        </CardContent>
      </Frame>
    );
  }

  const current = invoice.data;
  const balance = balanceDue(current);
  const paid = current.status === 'paid';
  const opening = pay.isPending || pay.isSuccess;
  return (
    <Frame>
      <CardHeader>
        <h1 className="text-xl font-semibold leading-tight">Invoice {current.invoiceNumber}</h1>
        <CardDescription>
          From {current.businessName} to {current.clientName}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-4">
          <Detail label="Issued">{formatDate(current.dateIssued)}</Detail>
          <Detail label="Due">{formatDate(current.dueDate)}</Detail>
          <Detail label="Total">{formatCents(current.total)}</Detail>
          {current.amountPaid > 0 && (
            <Detail label="Paid">{formatCents(current.amountPaid)}</Detail>
          )}
          {!paid && <Detail label="Balance due">{formatCents(balance)}</Detail>}
        </dl>
        <div role="status" className="space-y-2">
          {paid ? (
            <p className="flex items-center gap-2 font-medium text-green-700">
              <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
              This invoice is paid. Thank you!
            </p>
          ) : returned === 'success' ? (
            <p className="flex items-center gap-2">
              <Loader2 className="h-5 w-5 animate-spin text-primary" aria-hidden="true" />
              Payment received, thank you. This page shows it paid in a moment.
            </p>
          ) : returned === 'cancelled' ? (
            <p>Payment cancelled: nothing was charged.</p>
          ) : null}
        </div>
        {!paid && current.onlinePayments && (
          <Button className="w-full" disabled={opening} onClick={() => pay.mutate(token)}>
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            {opening ? 'Opening checkout…' : `Pay ${formatCents(balance)}`}
          </Button>
        )}
        {!paid && <HowToPay instructions={current.paymentInstructions} />}
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

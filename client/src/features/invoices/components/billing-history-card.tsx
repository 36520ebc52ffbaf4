import { Download, Loader2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { formatCents } from '@shared/money';
import type { ClientInvoice } from '@shared/schemas/invoices';
import { balanceDue, payableByCard } from '@shared/schemas/payments';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { PagedList } from '@/components/ui/paged-list';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useSearchParam } from '@/lib/use-search-param';
import { HowToPay, PayNowButton, usePaymentSettings } from '@/features/payments/public';
import { rateLabel } from '@/features/tax/public';
import { useClientInvoices } from '../api/get-client-invoices';
import { clientCreditNotePdfUrl } from '../api/get-invoice-pdf';

/** Under an unpaid invoice's amount: Pay now, or that its payment on Stripe is being confirmed. */
function PayAction({
  invoice,
  awaitingPaymentOf,
}: {
  invoice: ClientInvoice;
  awaitingPaymentOf: string | null;
}) {
  if (invoice.id === awaitingPaymentOf) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted-foreground">
        <Loader2 className="h-3 w-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Confirming payment…
      </span>
    );
  }
  return (
    <PayNowButton
      invoiceId={invoice.id}
      invoiceNumber={invoice.invoiceNumber}
      balance={balanceDue(invoice)}
    />
  );
}

/** Sent or overdue with a balance left: the client owes it. */
function isOwed(invoice: ClientInvoice): boolean {
  return (invoice.status === 'sent' || invoice.status === 'overdue') && balanceDue(invoice) > 0;
}

const column = dataColumns<ClientInvoice>();
/**
 * The dates sit under the number (the due date while the invoice is owed) and Pay now under
 * the amount it pays; on a phone each
 * invoice is a card, so its amount, Pay now and PDF are all in view.
 */
const columnsFor = (online: boolean, awaitingPaymentOf: string | null) =>
  column.columns([
    column.accessor('invoiceNumber', {
      header: 'Invoice',
      cell: ({ row: { original: invoice } }) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap font-medium">{invoice.invoiceNumber}</span>
          <span className="whitespace-nowrap text-xs text-muted-foreground">
            Issued {formatDate(invoice.dateIssued)}
          </span>
          {isOwed(invoice) && (
            <span
              className={cn(
                'whitespace-nowrap text-xs',
                invoice.status === 'overdue'
                  ? 'font-medium text-destructive'
                  : 'text-muted-foreground',
              )}
            >
              Due {formatDate(invoice.dueDate)}
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('total', {
      header: 'Amount',
      meta: { align: 'right' },
      cell: ({ row: { original: invoice } }) => (
        <span className="flex flex-col items-end gap-1">
          {formatCents(invoice.total)}
          {invoice.taxes
            ?.filter((tax) => tax.amount > 0)
            .map((tax, index) => (
              <span
                key={`${tax.name}-${index}`}
                className="whitespace-nowrap text-xs text-muted-foreground"
              >
                Incl. {rateLabel(tax)} {formatCents(tax.amount)}
              </span>
            ))}
          {invoice.amountPaid > 0 && invoice.status !== 'paid' && (
            <span className="whitespace-nowrap text-xs text-muted-foreground">
              Balance due {formatCents(balanceDue(invoice))}
            </span>
          )}
          {invoice.creditNotes.length > 0 && (
            <span className="whitespace-nowrap text-xs text-muted-foreground">
              Credited{' '}
              {formatCents(invoice.creditNotes.reduce((sum, note) => sum + note.amount, 0))}
            </span>
          )}
          {online && payableByCard(invoice) && (
            <PayAction invoice={invoice} awaitingPaymentOf={awaitingPaymentOf} />
          )}
        </span>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      meta: { align: 'right' },
      cell: ({ row: { original: invoice } }) => (
        <InvoiceStatusBadge invoice={invoice} audience="client" />
      ),
    }),
    column.display({
      id: 'pdf',
      header: () => <span className="sr-only">PDF</span>,
      meta: { align: 'right', cardLabel: 'Download' },
      cell: ({ row: { original: invoice } }) => (
        <span className="flex flex-col items-end gap-1">
          <a
            href={`/api/invoices/${invoice.id}/pdf`}
            download={`${invoice.invoiceNumber}.pdf`}
            className="inline-flex min-h-6 items-center gap-1 text-primary hover:underline"
          >
            <Download className="h-4 w-4" aria-hidden="true" /> PDF
            <span className="sr-only"> of {invoice.invoiceNumber}</span>
          </a>
          {/* Each credit note of a paid invoice has its own PDF. */}
          {invoice.creditNotes.map((note) => (
            <a
              key={note.id}
              href={clientCreditNotePdfUrl(invoice.id, note.id)}
              download={`${note.creditNoteNumber}.pdf`}
              aria-label={`Credit note ${note.creditNoteNumber}`}
              className="inline-flex items-center gap-1 whitespace-nowrap text-sm text-primary hover:underline"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {note.creditNoteNumber}
            </a>
          ))}
        </span>
      ),
    }),
  ]);

/**
 * The client's real invoices: a payment is shown only when it happened. With card payment
 * on, each unpaid one has Pay now; otherwise the agency's instructions say how to pay.
 * `awaitingPaymentOf`: an invoice just paid on Stripe's page (the payments feature's
 * useCheckoutReturn), polled for until it is paid, then `onPaymentConfirmed` is called.
 */
export function BillingHistoryCard({
  awaitingPaymentOf = null,
  onPaymentConfirmed,
}: {
  awaitingPaymentOf?: string | null;
  onPaymentConfirmed?: () => void;
}) {
  const paymentSettings = usePaymentSettings().data;
  const online = paymentSettings?.onlinePayments ?? false;
  const columns = useMemo(() => columnsFor(online, awaitingPaymentOf), [online, awaitingPaymentOf]);
  const [page, setPage] = useSearchParam('billingPage');
  const invoices = useClientInvoices({ page: page ?? undefined, untilPaid: awaitingPaymentOf });
  const confirmed = Boolean(
    awaitingPaymentOf &&
    invoices.data?.items.some(
      (invoice) => invoice.id === awaitingPaymentOf && invoice.status === 'paid',
    ),
  );
  // How to pay is said only while something is owed (unpaid invoices are the newest, on page 1).
  const owing = invoices.data?.items.some(isOwed) ?? false;
  useEffect(() => {
    if (confirmed) onPaymentConfirmed?.();
  }, [confirmed, onPaymentConfirmed]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing History</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <PagedList
          query={invoices}
          what="Your invoices"
          empty="No invoices yet"
          filtered={false}
          onPage={(next) => setPage(next === 1 ? null : String(next))}
        >
          {(rows) => (
            <DataTable
              caption="Billing history"
              phoneLayout="cards"
              columns={columns}
              data={rows}
              getRowId={(invoice) => invoice.id}
            />
          )}
        </PagedList>
        {paymentSettings && !online && owing && (
          <HowToPay instructions={paymentSettings.paymentInstructions} />
        )}
      </CardContent>
    </Card>
  );
}

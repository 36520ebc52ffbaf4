import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { formatCents } from '@shared/money';
import type { ClientInvoice, InvoiceStatus } from '@shared/schemas/invoices';
import { balanceDue } from '@shared/schemas/payments';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { formatDate } from '@/lib/dates';
import { HowToPay, PayNowButton, useBilling } from '@/features/payments/public';
import { useClientInvoices } from '../api/get-client-invoices';
import { useCheckoutReturn } from './use-checkout-return';

const STATUS_BADGE: Record<InvoiceStatus, BadgeProps['variant']> = {
  draft: 'secondary',
  sent: 'secondary',
  paid: 'success',
  overdue: 'destructive',
};
const STATUS_TEXT: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Due',
  paid: 'Paid',
  overdue: 'Overdue',
};

const payable = (invoice: ClientInvoice) =>
  (invoice.status === 'sent' || invoice.status === 'overdue') && balanceDue(invoice) > 0;

const column = dataColumns<ClientInvoice>();
const baseColumns = [
  column.accessor('invoiceNumber', { header: 'Invoice', meta: { className: 'font-medium' } }),
  column.accessor('dateIssued', { header: 'Date', cell: (cell) => formatDate(cell.getValue()) }),
  column.accessor('total', {
    header: 'Amount',
    meta: { align: 'right' },
    cell: ({ row: { original: invoice } }) =>
      invoice.amountPaid > 0 && invoice.status !== 'paid' ? (
        <span className="flex flex-col items-end">
          {formatCents(invoice.total)}
          <span className="text-xs text-muted-foreground">
            {formatCents(balanceDue(invoice))} due
          </span>
        </span>
      ) : (
        formatCents(invoice.total)
      ),
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { align: 'right' },
    cell: (cell) => (
      <Badge variant={STATUS_BADGE[cell.getValue()]}>{STATUS_TEXT[cell.getValue()]}</Badge>
    ),
  }),
  column.display({
    id: 'pdf',
    header: () => <span className="sr-only">PDF</span>,
    meta: { align: 'right' },
    cell: ({ row: { original: invoice } }) => (
      <a
        href={`/api/invoices/${invoice.id}/pdf`}
        download={`${invoice.invoiceNumber}.pdf`}
        className="inline-flex items-center gap-1 text-primary hover:underline"
      >
        <Download className="h-4 w-4" aria-hidden="true" /> PDF
        <span className="sr-only"> of {invoice.invoiceNumber}</span>
      </a>
    ),
  }),
];
const payColumn = column.display({
  id: 'pay',
  header: () => <span className="sr-only">Pay</span>,
  meta: { align: 'right' },
  cell: ({ row: { original: invoice } }) =>
    payable(invoice) ? (
      <PayNowButton
        invoiceId={invoice.id}
        invoiceNumber={invoice.invoiceNumber}
        balance={balanceDue(invoice)}
      />
    ) : null,
});

/**
 * The client's real invoices: a payment is shown only when it happened. With card payment
 * on, each unpaid one has Pay now; otherwise the agency's instructions say how to pay.
 */
export function BillingHistoryCard() {
  const billing = useBilling().data;
  const online = billing?.onlinePayments ?? false;
  const columns = useMemo(
    () => column.columns(online ? [...baseColumns, payColumn] : baseColumns),
    [online],
  );
  // Polls only while an invoice paid on Stripe's page waits for its webhook.
  const probe = useClientInvoices();
  const awaiting = useCheckoutReturn((id) =>
    Boolean(probe.data?.some((invoice) => invoice.id === id && invoice.status === 'paid')),
  );
  const invoices = useClientInvoices({ poll: awaiting !== null });
  const anyUnpaid = invoices.data?.some(payable) ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing History</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryList query={invoices} what="Your invoices" empty="No invoices yet">
          {(rows) => (
            <DataTable
              // A new table when the Pay column comes or goes: the table keeps its columns.
              key={online ? 'with-pay' : 'without-pay'}
              caption="Billing history"
              columns={columns}
              data={rows}
              getRowId={(invoice) => invoice.id}
            />
          )}
        </QueryList>
        {!online && anyUnpaid && billing && <HowToPay instructions={billing.paymentInstructions} />}
      </CardContent>
    </Card>
  );
}

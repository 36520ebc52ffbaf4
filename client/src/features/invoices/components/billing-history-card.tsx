import { Download } from 'lucide-react';
import { formatCents } from '@shared/money';
import type { ClientInvoice, InvoiceStatus } from '@shared/schemas/invoices';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { formatDate } from '@/lib/dates';
import { useClientInvoices } from '../api/get-client-invoices';

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

const column = dataColumns<ClientInvoice>();
const columns = column.columns([
  column.accessor('invoiceNumber', { header: 'Invoice', meta: { className: 'font-medium' } }),
  column.accessor('dateIssued', { header: 'Date', cell: (cell) => formatDate(cell.getValue()) }),
  column.accessor('total', {
    header: 'Amount',
    meta: { align: 'right' },
    cell: (cell) => formatCents(cell.getValue()),
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
]);

/** The client's real invoices: a payment is shown only when it happened. */
export function BillingHistoryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing History</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryList query={useClientInvoices()} what="Your invoices" empty="No invoices yet">
          {(invoices) => (
            <DataTable
              caption="Billing history"
              columns={columns}
              data={invoices}
              getRowId={(invoice) => invoice.id}
            />
          )}
        </QueryList>
      </CardContent>
    </Card>
  );
}

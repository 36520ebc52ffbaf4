import { Download } from 'lucide-react';
import { formatCents } from '@shared/money';
import type { InvoiceStatus } from '@shared/schemas/invoices';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
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

/** The client's real invoices: a payment is shown only when it happened. */
export function BillingHistoryCard() {
  const invoices = useClientInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing History</CardTitle>
      </CardHeader>
      <CardContent>
        {invoices.isLoading ? (
          <div role="status" aria-label="Loading invoices" className="space-y-2">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : invoices.isError ? (
          <p className="text-sm text-destructive">Your invoices could not be loaded.</p>
        ) : invoices.data?.length ? (
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="pb-2 font-medium">
                  Invoice
                </th>
                <th scope="col" className="pb-2 font-medium">
                  Date
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Status
                </th>
                <th scope="col" className="pb-2">
                  <span className="sr-only">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {invoices.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="py-2 font-medium">{invoice.invoiceNumber}</td>
                  <td className="py-2">{formatDate(invoice.dateIssued)}</td>
                  <td className="py-2 text-right">{formatCents(invoice.total)}</td>
                  <td className="py-2 text-right">
                    <Badge variant={STATUS_BADGE[invoice.status]}>
                      {STATUS_TEXT[invoice.status]}
                    </Badge>
                  </td>
                  <td className="py-2 text-right">
                    <a
                      href={`/api/invoices/${invoice.id}/pdf`}
                      download={`${invoice.invoiceNumber}.pdf`}
                      className="inline-flex items-center gap-1 text-primary hover:underline"
                    >
                      <Download className="h-4 w-4" aria-hidden="true" /> PDF
                      <span className="sr-only"> of {invoice.invoiceNumber}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted-foreground">No invoices yet</p>
        )}
      </CardContent>
    </Card>
  );
}

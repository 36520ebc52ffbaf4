import { Plus, Send } from 'lucide-react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useInvoices } from '@/features/invoices/api/get-invoices';
import { useSetInvoiceStatus } from '@/features/invoices/api/set-invoice-status';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';

/** /admin/invoices. */
export function InvoicesPage() {
  const invoices = useInvoices();
  const setStatus = useSetInvoiceStatus();

  const send = (id: string) =>
    setStatus.mutate(
      { id, status: 'sent' },
      {
        onSuccess: () =>
          toast({ title: 'Invoice Updated', description: 'The invoice is marked as sent.' }),
      },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Invoices</h1>
        <Button asChild>
          <Link href="/admin/invoices/new">
            <Plus className="h-4 w-4" aria-hidden="true" /> Create Invoice
          </Link>
        </Button>
      </div>
      {invoices.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : invoices.isError ? (
        <p role="alert" className="text-destructive">
          The invoices could not be loaded. Please reload the page.
        </p>
      ) : invoices.data?.length ? (
        <Card>
          <CardContent className="overflow-x-auto pt-6">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="pb-3 font-medium">
                    Invoice
                  </th>
                  <th scope="col" className="pb-3 font-medium">
                    Client
                  </th>
                  <th scope="col" className="pb-3 font-medium">
                    Issued
                  </th>
                  <th scope="col" className="pb-3 text-right font-medium">
                    Total
                  </th>
                  <th scope="col" className="pb-3 pl-6 font-medium">
                    Status
                  </th>
                  <th scope="col" className="pb-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {invoices.data.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="py-3 font-medium">
                      <Link
                        href={`/admin/invoices/${invoice.id}`}
                        className="text-primary hover:underline"
                      >
                        {invoice.invoiceNumber}
                      </Link>
                    </td>
                    <td className="py-3">{invoice.clientName}</td>
                    <td className="py-3">{formatDate(invoice.dateIssued)}</td>
                    <td className="py-3 text-right">{formatCents(invoice.total)}</td>
                    <td className="py-3 pl-6">
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                    <td className="py-3 text-right">
                      {invoice.status === 'draft' && (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={setStatus.isPending}
                          onClick={() => send(invoice.id)}
                        >
                          <Send className="h-4 w-4" aria-hidden="true" /> Send
                          <span className="sr-only"> {invoice.invoiceNumber}</span>
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <p className="text-muted-foreground">No invoices yet</p>
            <Button asChild>
              <Link href="/admin/invoices/new">Create Your First Invoice</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

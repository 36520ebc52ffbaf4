import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { UPCOMING_RENEWAL_DAYS, type UpcomingRenewal } from '@shared/schemas/renewals';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { PagedList } from '@/components/ui/paged-list';
import { formatDate } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { paths } from '@/lib/paths';
import {
  UPCOMING_RENEWAL_PARAMS,
  useUpcomingRenewals,
} from '@/features/invoices/api/get-upcoming-renewals';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';

/** The invoice the billing run will make, line by line, as it will read. */
function InvoicePreview({ renewal }: { renewal: UpcomingRenewal }) {
  const preview = renewal.preview!;
  return (
    <details className="rounded-md border bg-muted/30 p-3 text-sm">
      <summary className="min-h-6 cursor-pointer font-medium text-primary">
        Preview the invoice<span className="sr-only"> for {renewal.clientName}</span>
      </summary>
      <div className="mt-3 space-y-2">
        <table className="w-full text-left">
          <caption className="sr-only">The renewal invoice for {renewal.clientName}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 font-medium">
                Item
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.lineItems.map((line, index) => (
              <tr key={index} className="align-top">
                <td className="break-words py-1 pr-2">
                  {line.description}
                  {line.quantity !== 1 && ` × ${line.quantity}`}
                </td>
                <td className="whitespace-nowrap py-1 text-right">{formatCents(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t font-semibold">
              <th scope="row" className="pt-1 font-semibold">
                Total
              </th>
              <td className="pt-1 text-right">{formatCents(preview.total)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="text-muted-foreground">Due {formatDate(preview.dueDate)}.</p>
        <p className="text-muted-foreground">{preview.notes}</p>
      </div>
    </details>
  );
}

function RenewalCard({ renewal }: { renewal: UpcomingRenewal }) {
  return (
    <li>
      <Card>
        <CardContent className="space-y-3 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              <h2 className="break-words font-medium">
                <Link
                  href={paths.admin.client(renewal.clientId)}
                  className="text-primary hover:underline"
                >
                  {renewal.clientName}
                </Link>
              </h2>
              <p className="text-sm text-muted-foreground">
                {renewal.planName} plan · renews {formatDate(renewal.renewalDate)}
              </p>
            </div>
            <p className="text-right">
              <span className="block text-lg font-semibold">
                {renewal.amount === null ? 'No invoice' : formatCents(renewal.amount)}
              </span>
              {renewal.freeMonth && <Badge variant="secondary">Free month</Badge>}
            </p>
          </div>
          {renewal.invoice ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              Invoice made:
              <Link
                href={paths.admin.invoice(renewal.invoice.id)}
                className="inline-flex min-h-6 items-center text-primary hover:underline"
              >
                {renewal.invoice.invoiceNumber ?? 'Draft'}
                <span className="sr-only"> for {renewal.clientName}</span>
              </Link>
              <InvoiceStatusBadge invoice={renewal.invoice} />
            </p>
          ) : renewal.preview ? (
            <InvoicePreview renewal={renewal} />
          ) : (
            <p className="text-sm text-muted-foreground">
              The billing run makes no invoice: the client has no e-mail address.
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * /admin/invoices/renewals?page=: the next 30 days' renewals, soonest first, each with its
 * amount (after a free month) and the invoice the daily billing run made, or a preview of the
 * one it will make, drawn up by the run's own code.
 */
export function UpcomingRenewalsPage() {
  const { params, update } = useListParams(UPCOMING_RENEWAL_PARAMS);
  const renewals = useUpcomingRenewals(params);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link
          href={paths.admin.invoices()}
          className="inline-flex min-h-6 items-center gap-1 text-sm text-primary hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Invoices
        </Link>
        <h1 className="font-display text-3xl font-bold">Upcoming renewals</h1>
        <p className="text-muted-foreground">
          The plans that renew in the next {UPCOMING_RENEWAL_DAYS} days. Each renewal&apos;s invoice
          is made a few days before its date; until then, preview it here.
        </p>
      </div>
      <PagedList
        query={renewals}
        what="Upcoming renewals"
        filtered={false}
        onPage={(page) => update({ page: String(page) })}
        empty={
          <Card>
            <CardContent className="pt-6 text-center text-muted-foreground">
              No plan renews in the next {UPCOMING_RENEWAL_DAYS} days.
            </CardContent>
          </Card>
        }
      >
        {(items) => (
          <ul className="space-y-3" aria-label="Upcoming renewals">
            {items.map((renewal) => (
              <RenewalCard key={renewal.subscriptionId} renewal={renewal} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

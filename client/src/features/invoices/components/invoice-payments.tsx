import { ExternalLink } from 'lucide-react';
import { formatCents } from '@shared/money';
import { PAYMENT_METHOD_LABELS, type Payment } from '@shared/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

/**
 * An invoice's payments, oldest first, as rows that wrap rather than a table: a reference or
 * a flag can be long, and the list must fit a phone without scrolling sideways.
 */
export function InvoicePayments({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) {
    return <p className="text-sm text-muted-foreground">No payments yet</p>;
  }
  return (
    <ul className="divide-y" aria-label="Payments">
      {payments.map((payment) => {
        const date = formatDate(payment.paidAt);
        const amount = formatCents(payment.amount);
        return (
          <li
            key={payment.id}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span>
                  {date} · {PAYMENT_METHOD_LABELS[payment.method]}
                </span>
                {payment.refundedAt && <Badge variant="secondary">Refunded</Badge>}
              </p>
              {payment.reference && (
                <p className="break-words text-sm text-muted-foreground">
                  Reference: {payment.reference}
                </p>
              )}
              {payment.flag && (
                <p className="break-words text-sm font-medium text-amber-800">{payment.flag}</p>
              )}
              {payment.method === 'card' && payment.stripeDashboardUrl && (
                <a
                  href={payment.stripeDashboardUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
                >
                  View in Stripe
                  <span className="sr-only">
                    {' '}
                    (the payment of {amount} on {date}, in a new tab)
                  </span>
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                </a>
              )}
            </div>
            {/* A refunded payment no longer counts toward the invoice. */}
            <p
              className={cn(
                'font-medium',
                payment.refundedAt && 'text-muted-foreground line-through',
              )}
            >
              {amount}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '@shared/money';
import {
  PAYMENT_METHOD_LABELS,
  receivedOn,
  VoidPaymentSchema,
  type Payment,
} from '@shared/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useVoidPayment } from '../api/void-payment';
import { ReasonDialog } from './reason-dialog';
import { PaymentPayout } from '@/features/payments/public';
import { businessTimeZone, formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

/**
 * An invoice's payments, oldest first, as rows that wrap rather than a table: a reference or
 * a flag can be long, and the list must fit a phone without scrolling sideways.
 */
export function InvoicePayments({
  payments,
  canVoid = false,
}: {
  payments: Payment[];
  /** The admin may void a payment recorded by hand by mistake (card money is refunded). */
  canVoid?: boolean;
}) {
  const voiding = useVoidPayment();
  const [target, setTarget] = useState<Payment | null>(null);
  if (payments.length === 0) {
    return <p className="text-sm text-muted-foreground">No payments yet</p>;
  }
  return (
    <>
      <ul className="divide-y" aria-label="Payments">
        {payments.map((payment) => {
          const date = formatDate(receivedOn(payment, businessTimeZone()));
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
                  {payment.voidedAt && <Badge variant="outline">Void</Badge>}
                </p>
                {payment.voidReason && (
                  <p className="break-words text-sm text-muted-foreground">
                    Voided: {payment.voidReason}
                  </p>
                )}
                {payment.reference && (
                  <p className="break-words text-sm text-muted-foreground">
                    Reference: {payment.reference}
                  </p>
                )}
                {payment.flag && (
                  <p className="break-words text-sm font-medium text-amber-800">{payment.flag}</p>
                )}
                <PaymentPayout payout={payment.payout} />
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
              <div className="flex items-center gap-3">
                {canVoid && payment.method !== 'card' && !payment.voidedAt && (
                  <Button variant="outline" size="sm" onClick={() => setTarget(payment)}>
                    Void
                    <span className="sr-only">
                      {' '}
                      the payment of {amount} on {date}
                    </span>
                  </Button>
                )}
                {/* A refunded or voided payment no longer counts toward the invoice. */}
                <p
                  className={cn(
                    'font-medium',
                    (payment.refundedAt || payment.voidedAt) &&
                      'text-muted-foreground line-through',
                  )}
                >
                  {amount}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <ReasonDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        schema={VoidPaymentSchema}
        title={target ? `Void the payment of ${formatCents(target.amount)}?` : 'Void the payment?'}
        description="Use this for a payment recorded by mistake: it stops counting, the balance comes back, and the client gets a corrected receipt. Both stay in the audit log."
        confirmLabel="Void Payment"
        pendingLabel="Voiding..."
        pending={voiding.isPending}
        onConfirm={(reason) =>
          target &&
          voiding.mutate(
            { id: target.id, input: { reason } },
            {
              onSuccess: () => {
                setTarget(null);
                toast({
                  title: 'Payment Voided',
                  description:
                    'The balance is due again and the client was sent a corrected receipt.',
                });
              },
            },
          )
        }
      />
    </>
  );
}

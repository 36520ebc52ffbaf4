import { AlertTriangle, CheckCircle2, ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import {
  needsAttention,
  PAYMENT_LIST_PARAMS,
  PAYMENT_LIST_STATUS_LABELS,
  PAYMENT_LIST_STATUSES,
  PAYMENT_METHOD_LABELS,
  receivedOn,
  type PaymentListItem,
} from '@shared/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { toast } from '@/components/ui/use-toast';
import { businessTimeZone, formatDate } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { usePayments } from '@/features/payments/api/get-payments';
import { useResolvePayment } from '@/features/payments/api/resolve-payment';
import { PaymentPayout } from '@/features/payments/components/payment-payout';
import { paths } from '@/lib/paths';

const column = dataColumns<PaymentListItem>();

/** What a payment's row says of it for screen readers: its amount and date. */
const named = (payment: PaymentListItem) =>
  `the payment of ${formatCents(payment.amount)} on ${formatDate(receivedOn(payment, businessTimeZone()))}`;

const paymentColumns = ({
  resolving,
  onResolve,
}: {
  resolving: boolean;
  onResolve: (payment: PaymentListItem) => void;
}) =>
  column.columns([
    column.accessor('paidAt', {
      header: 'Date',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: payment } }) => formatDate(receivedOn(payment, businessTimeZone())),
    }),
    column.accessor('amount', {
      header: 'Amount',
      meta: { align: 'right', className: 'whitespace-nowrap font-medium' },
      cell: (cell) => formatCents(cell.getValue()),
    }),
    column.accessor('method', {
      header: 'Method',
      cell: ({ row: { original: payment } }) => (
        <span>
          {PAYMENT_METHOD_LABELS[payment.method]}
          <PaymentPayout payout={payment.payout} />
        </span>
      ),
    }),
    column.accessor('invoiceNumber', {
      header: 'Invoice',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: payment } }) =>
        payment.invoiceId ? (
          <Link
            href={paths.admin.invoice(payment.invoiceId)}
            className="text-primary hover:underline"
          >
            {payment.invoiceNumber ?? 'Draft'}
          </Link>
        ) : (
          <Badge variant="warning">No invoice</Badge>
        ),
    }),
    column.accessor('clientName', {
      header: 'Client',
      cell: ({ row: { original: payment } }) => (
        <span className="break-words">
          {payment.clientId ? (
            <Link href={paths.admin.client(payment.clientId)} className="hover:underline">
              {payment.clientName ?? 'Client'}
            </Link>
          ) : (
            (payment.clientName ?? (payment.payerEmail ? null : 'Unknown'))
          )}
          {payment.payerEmail && (
            <span className="block text-sm text-muted-foreground">{payment.payerEmail}</span>
          )}
        </span>
      ),
    }),
    column.accessor('refundedAmount', {
      header: 'Refunded',
      meta: { align: 'right', className: 'whitespace-nowrap' },
      cell: ({ row: { original: payment } }) =>
        payment.refundedAmount > 0 ? (
          formatCents(payment.refundedAmount)
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Nothing</span>
          </>
        ),
    }),
    column.accessor('flag', {
      header: 'Flag',
      meta: { className: 'min-w-[16rem]' },
      cell: ({ row: { original: payment } }) => (
        <div className="space-y-2">
          {!payment.flag && payment.invoiceId && (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">None</span>
            </>
          )}
          {payment.flag &&
            (needsAttention(payment) ? (
              <p className="flex gap-1.5 break-words text-sm font-medium text-amber-800">
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>{payment.flag}</span>
              </p>
            ) : (
              <p className="flex gap-1.5 break-words text-sm text-muted-foreground">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  <span className="font-medium">Resolved:</span> {payment.flag}
                </span>
              </p>
            ))}
          {(payment.flag || !payment.invoiceId) && (
            <div className="flex flex-wrap items-center gap-2">
              {payment.stripeDashboardUrl && (
                <a
                  href={payment.stripeDashboardUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
                >
                  View in Stripe
                  <span className="sr-only"> ({named(payment)}, in a new tab)</span>
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                </a>
              )}
              {needsAttention(payment) && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={resolving}
                  onClick={() => onResolve(payment)}
                >
                  Mark resolved<span className="sr-only"> ({named(payment)})</span>
                </Button>
              )}
            </div>
          )}
        </div>
      ),
    }),
  ]);

/**
 * /admin/payments?q=&status=&page=: every payment, newest first. Money Stripe took for an
 * invoice that is gone (or none of ours) shows here as "No invoice", flagged: its refund is
 * made in Stripe's dashboard, and "Mark resolved" records that the owner dealt with it.
 */
export function PaymentsPage() {
  const { params, update } = useListParams(PAYMENT_LIST_PARAMS);
  const payments = usePayments(params);
  const { mutate, isPending } = useResolvePayment();
  const columns = useMemo(
    () =>
      paymentColumns({
        resolving: isPending,
        onResolve: (payment) =>
          mutate(payment.id, {
            onSuccess: () =>
              toast({
                title: 'Marked resolved',
                description: `The check of ${named(payment)} is done.`,
              }),
          }),
      }),
    [isPending, mutate],
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Payments</h1>
        <p className="text-muted-foreground">
          Every payment received, by card or recorded by hand. A card payment without an invoice
          (one deleted, or never ours) is kept here: refund it in Stripe, then mark it resolved.
        </p>
      </div>
      <ListToolbar
        search={{
          label: 'Search payments',
          placeholder: 'Invoice, client, e-mail or reference',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Show"
          all="All payments"
          value={params.status}
          options={PAYMENT_LIST_STATUSES}
          labelOf={(status) => PAYMENT_LIST_STATUS_LABELS[status]}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <PagedList
        query={payments}
        what="Payments"
        filtered={Boolean(params.q || params.status)}
        onPage={(page) => update({ page: String(page) })}
        empty="No payments yet."
      >
        {(list) => (
          <Card>
            <CardContent className="pt-6">
              <DataTable
                phoneLayout="cards"
                caption="Payments"
                variant="relaxed"
                columns={columns}
                data={list}
                getRowId={(payment) => payment.id}
              />
            </CardContent>
          </Card>
        )}
      </PagedList>
    </div>
  );
}

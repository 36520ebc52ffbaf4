import { AlertTriangle } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { formatCents } from '@shared/money';
import type { PayoutLine, PayoutLineKind } from '@shared/schemas/payouts';
import { BackButton } from '@/components/ui/back-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { Detail } from '@/components/ui/detail';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { usePayout } from '../api/get-payout';
import { PayoutState } from '../components/payout-state';

const KIND_LABELS: Record<PayoutLineKind, string> = {
  charge: 'Payment',
  refund: 'Refund',
  dispute: 'Dispute',
  fee: 'Stripe fee',
  adjustment: 'Adjustment',
  other: 'Other',
};

const column = dataColumns<PayoutLine>();
const money = { align: 'right', className: 'whitespace-nowrap' } as const;

/** Where a line leads: its credit note's or payment's invoice, or the payments screen. */
function MatchedTo({ line }: { line: PayoutLine }) {
  if (!line.matched) {
    return (
      <span className="flex gap-1.5 text-sm font-medium text-amber-800">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>Unmatched: none of our payments or credit notes</span>
      </span>
    );
  }
  if (line.invoiceId) {
    return (
      <span className="break-words">
        <Link href={paths.admin.invoice(line.invoiceId)} className="text-primary hover:underline">
          Invoice {line.invoiceNumber}
        </Link>
        {line.clientName && (
          <span className="block text-sm text-muted-foreground">{line.clientName}</span>
        )}
      </span>
    );
  }
  if (line.paymentId) {
    return (
      <Link href={paths.admin.payments()} className="text-primary hover:underline">
        A payment without an invoice
      </Link>
    );
  }
  return <span className="text-muted-foreground">Stripe</span>;
}

const lineColumns = column.columns([
  column.accessor('kind', {
    header: 'Transaction',
    cell: ({ row: { original: line } }) => (
      <span className="break-words">
        <span className="font-medium">{KIND_LABELS[line.kind]}</span>
        <span className="block break-all text-sm text-muted-foreground">
          {line.sourceId ?? line.id}
        </span>
      </span>
    ),
  }),
  column.accessor('matched', {
    header: 'Matched to',
    meta: { className: 'min-w-[12rem]' },
    cell: ({ row: { original: line } }) => <MatchedTo line={line} />,
  }),
  column.accessor('amount', {
    header: 'Amount',
    meta: money,
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('fee', {
    header: 'Fee',
    meta: money,
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('net', {
    header: 'Net',
    meta: { ...money, className: 'whitespace-nowrap font-medium' },
    cell: (cell) => formatCents(cell.getValue()),
  }),
]);

/** /admin/payouts/{id}: one payout, and each transaction it held matched to ours. */
export function PayoutPage() {
  const { id } = useParams<{ id: string }>();
  const query = usePayout(id);
  return (
    <div className="space-y-6">
      <BackButton href={paths.admin.payouts()}>Payouts</BackButton>
      <QueryState
        query={query}
        what="payout"
        titleAs="h1"
        loading={<Skeleton className="h-64 w-full" />}
      >
        {(payout) => (
          <>
            <div className="space-y-2">
              <h1 className="font-display text-3xl font-bold">
                Payout of {formatDate(payout.arrivalDate)}
              </h1>
              <p className="break-all text-sm text-muted-foreground">{payout.id}</p>
              <PayoutState payout={payout} />
            </div>
            {payout.failureMessage && (
              <p className="break-words font-medium text-destructive" role="status">
                The bank returned it: {payout.failureMessage}
              </p>
            )}
            <Card>
              <CardContent className="pt-6">
                <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                  <Detail label="Gross">{formatCents(payout.gross)}</Detail>
                  <Detail label="Fees">{formatCents(payout.fees)}</Detail>
                  <Detail label="Net to the bank">{formatCents(payout.net)}</Detail>
                  <Detail label="Made">
                    {payout.automatic ? 'Automatic' : 'By hand (manual)'}
                  </Detail>
                </dl>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Transactions</CardTitle>
              </CardHeader>
              <CardContent>
                {payout.lines.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No transactions.</p>
                ) : (
                  <DataTable
                    phoneLayout="cards"
                    caption="Transactions of this payout"
                    variant="relaxed"
                    columns={lineColumns}
                    data={payout.lines}
                    getRowId={(line) => line.id}
                  />
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}

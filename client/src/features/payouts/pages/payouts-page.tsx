import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { PAYOUT_LIST_PARAMS, PAYOUT_STATUSES, type Payout } from '@shared/schemas/payouts';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { ListFilter, PagedList } from '@/components/ui/paged-list';
import { formatDate } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { paths } from '@/lib/paths';
import { usePayouts } from '../api/get-payouts';
import { PayoutState } from '../components/payout-state';

const column = dataColumns<Payout>();
const money = { align: 'right', className: 'whitespace-nowrap' } as const;

const payoutColumns = column.columns([
  column.accessor('arrivalDate', {
    header: 'Date',
    cell: ({ row: { original: payout } }) => (
      <span>
        <Link
          href={paths.admin.payout(payout.id)}
          className="font-medium text-primary hover:underline"
        >
          {formatDate(payout.arrivalDate)}
          <span className="sr-only"> (payout {payout.id})</span>
        </Link>
        <span className="block break-all text-sm text-muted-foreground" aria-hidden="true">
          {payout.id}
        </span>
      </span>
    ),
  }),
  column.accessor('gross', {
    header: 'Gross',
    meta: money,
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('fees', {
    header: 'Fees',
    meta: money,
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('net', {
    header: 'Net',
    meta: { ...money, className: 'whitespace-nowrap font-medium' },
    cell: (cell) => formatCents(cell.getValue()),
  }),
  column.accessor('status', {
    header: 'State',
    cell: ({ row: { original: payout } }) => <PayoutState payout={payout} />,
  }),
]);

const STATUS_LABELS = { paid: 'Paid', failed: 'Failed' } as const;
const UNMATCHED = ['true'] as const;

/**
 * /admin/payouts?status=&unmatched=&page=: each payout Stripe sent to the bank, newest
 * arrival first, with what its payments came to, what Stripe kept, and what reached the bank.
 */
export function PayoutsPage() {
  const { params, update } = useListParams(PAYOUT_LIST_PARAMS);
  const payouts = usePayouts(params);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Payouts</h1>
        <p className="text-muted-foreground">
          What Stripe sent to the bank: the card payments each payout held, less refunds and
          Stripe&apos;s fees. A transaction that matches none of our payments or credit notes is
          flagged unmatched: look it up in Stripe.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <ListFilter
          label="Status"
          all="All payouts"
          value={params.status}
          options={PAYOUT_STATUSES}
          labelOf={(status) => STATUS_LABELS[status]}
          onChange={(status) => update({ status })}
        />
        <ListFilter
          label="Transactions"
          all="Matched or not"
          value={params.unmatched}
          options={UNMATCHED}
          labelOf={() => 'With unmatched'}
          onChange={(unmatched) => update({ unmatched })}
        />
      </div>
      <PagedList
        query={payouts}
        what="Payouts"
        filtered={Boolean(params.status || params.unmatched)}
        onPage={(page) => update({ page: String(page) })}
        empty="No payouts yet. They appear here when Stripe pays out to the bank."
      >
        {(list) => (
          <Card>
            <CardContent className="pt-6">
              <DataTable
                phoneLayout="cards"
                caption="Payouts"
                variant="relaxed"
                columns={payoutColumns}
                data={list}
                getRowId={(payout) => payout.id}
              />
            </CardContent>
          </Card>
        )}
      </PagedList>
    </div>
  );
}

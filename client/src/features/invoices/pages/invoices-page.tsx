import { AlertTriangle, CalendarClock, Plus, Send } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import {
  INVOICE_LIST_PARAMS,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type Invoice,
} from '@shared/schemas/invoices';
import { deliveryTitle } from '@shared/schemas/mail';
import { balanceDue } from '@shared/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  dataColumns,
  type OnChangeFn,
  type SortingState,
} from '@/components/ui/data-table';
import {
  EmptyListCard,
  ListCard,
  ListFilter,
  ListToolbar,
  PagedList,
} from '@/components/ui/paged-list';
import { INVOICE_STATUS_LOOK } from '@/components/ui/status-badge';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useInvoices, type InvoiceListParams } from '@/features/invoices/api/get-invoices';
import { useSetInvoiceStatus } from '@/features/invoices/api/set-invoice-status';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import {
  NoWayToPayDialog,
  useNoWayToPayConfirm,
} from '@/features/invoices/components/no-way-to-pay';
import { paths } from '@/lib/paths';

const column = dataColumns<Invoice>();

/**
 * The list's columns; a draft's Send waits while any invoice is being sent. The sortable
 * columns' ids are the server's `?sort=` keys.
 */
const invoiceColumns = ({ sending, onSend }: { sending: boolean; onSend: (id: string) => void }) =>
  column.columns([
    column.accessor('invoiceNumber', {
      id: 'number',
      header: 'Invoice',
      enableSorting: true,
      meta: {
        className: 'whitespace-nowrap font-medium',
        sortLabels: ['Number, lowest first', 'Number, highest first'],
      },
      cell: ({ row: { original: invoice } }) => (
        <Link
          href={paths.admin.invoice(invoice.id)}
          className="inline-flex min-h-6 items-center text-primary hover:underline"
        >
          {invoice.invoiceNumber ?? (
            <>
              Draft<span className="sr-only"> for {invoice.clientName}</span>
            </>
          )}
        </Link>
      ),
    }),
    column.accessor('clientName', {
      id: 'client',
      header: 'Client',
      enableSorting: true,
      meta: { sortLabels: ['Client, A to Z', 'Client, Z to A'] },
      cell: ({ row: { original: invoice } }) =>
        invoice.clientId ? (
          <Link href={paths.admin.client(invoice.clientId)} className="hover:underline">
            {invoice.clientName}
          </Link>
        ) : (
          invoice.clientName
        ),
    }),
    column.accessor('dateIssued', {
      id: 'issued',
      header: 'Issued',
      enableSorting: true,
      meta: {
        className: 'whitespace-nowrap',
        sortLabels: ['Issued, oldest first', 'Issued, newest first'],
      },
      cell: (cell) => formatDate(cell.getValue()),
    }),
    column.accessor('dueDate', {
      id: 'due',
      header: 'Due',
      enableSorting: true,
      meta: {
        className: 'whitespace-nowrap',
        sortLabels: ['Due, soonest first', 'Due, latest first'],
      },
      cell: (cell) => formatDate(cell.getValue()),
    }),
    column.accessor('total', {
      id: 'total',
      header: 'Total',
      enableSorting: true,
      meta: { align: 'right', sortLabels: ['Total, smallest first', 'Total, largest first'] },
      cell: (cell) => formatCents(cell.getValue()),
    }),
    column.display({
      id: 'balance',
      header: 'Balance',
      meta: { align: 'right', className: 'whitespace-nowrap' },
      cell: ({ row: { original: invoice } }) =>
        invoice.status === 'paid' ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        ) : (
          formatCents(balanceDue(invoice))
        ),
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: true,
      meta: {
        className: 'pl-6',
        headerClassName: 'pl-6',
        sortLabels: ['Status, A to Z', 'Status, Z to A'],
      },
      cell: ({ row: { original: invoice } }) => (
        <div className="flex flex-wrap gap-1">
          <InvoiceStatusBadge invoice={invoice} />
          {invoice.paymentFlags.length > 0 && (
            <Badge
              variant="warning"
              title={invoice.paymentFlags.map((flag) => flag.message).join('\n')}
            >
              <AlertTriangle className="h-3 w-3" aria-hidden="true" /> Needs attention
              {invoice.paymentFlags.length > 1 && ` (${invoice.paymentFlags.length})`}
              <span className="sr-only">
                : {invoice.paymentFlags.map((flag) => flag.message).join(' ')}
              </span>
            </Badge>
          )}
        </div>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' },
      cell: ({ row: { original: invoice } }) =>
        invoice.status === 'draft' && (
          <Button size="sm" variant="outline" disabled={sending} onClick={() => onSend(invoice.id)}>
            <Send className="h-4 w-4" aria-hidden="true" /> Send
            <span className="sr-only"> the draft for {invoice.clientName}</span>
          </Button>
        ),
    }),
  ]);

/** The columns the headers sort by: the server's sort keys but the default order (created). */
const COLUMN_SORTS = INVOICE_SORTS.filter((sort) => sort !== 'created');

/** The table's sorting as the URL says it: `?sort=due&dir=desc`; none for newest first. */
function sortingOf(params: InvoiceListParams): SortingState {
  const sort = COLUMN_SORTS.find((key) => key === params.sort);
  return sort ? [{ id: sort, desc: params.dir === 'desc' }] : [];
}

/**
 * /admin/invoices?q=&status=&client=&sort=&dir=&page=: one page, newest first unless a column
 * header (or the phone's "Sort by") orders it; searchable and filtered.
 */
export function InvoicesPage() {
  const { params, update } = useListParams(INVOICE_LIST_PARAMS);
  const invoices = useInvoices(params);
  const { mutate, isPending } = useSetInvoiceStatus();
  const unpayable = useNoWayToPayConfirm();
  const { askFirst } = unpayable;
  const sorting = useMemo(() => sortingOf(params), [params]);
  const onSortingChange: OnChangeFn<SortingState> = (change) => {
    const [next] = typeof change === 'function' ? change(sorting) : change;
    update(next ? { sort: next.id, dir: next.desc ? 'desc' : 'asc' } : { sort: '', dir: '' });
  };
  const columns = useMemo(
    () =>
      invoiceColumns({
        sending: isPending,
        onSend: (id) =>
          askFirst(() =>
            mutate(
              { id, status: 'sent' },
              {
                onSuccess: (sent) =>
                  toast({
                    title: deliveryTitle(sent.delivery, 'Invoice Updated'),
                    description: sent.message,
                  }),
              },
            ),
          ),
      }),
    [isPending, mutate, askFirst],
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Invoices</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href={paths.admin.upcomingRenewals()}>
              <CalendarClock className="h-4 w-4" aria-hidden="true" /> Upcoming renewals
            </Link>
          </Button>
          <Button asChild>
            <Link href={paths.admin.newInvoice()}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Create Invoice
            </Link>
          </Button>
        </div>
      </div>
      <ListToolbar
        search={{
          label: 'Search invoices',
          placeholder: 'Number, client name or e-mail',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Status"
          all="All statuses"
          value={params.status}
          options={INVOICE_STATUSES}
          labelOf={(status) => INVOICE_STATUS_LOOK[status].label}
          onChange={(status) => update({ status })}
        />
        {params.client && (
          <Button variant="outline" size="sm" onClick={() => update({ client: undefined })}>
            One client's invoices · Show all
          </Button>
        )}
      </ListToolbar>
      <PagedList
        query={invoices}
        what="Invoices"
        filtered={Boolean(params.q || params.status || params.client)}
        onPage={(page) => update({ page: String(page) })}
        empty={
          <EmptyListCard
            message="No invoices yet"
            action={<Link href={paths.admin.newInvoice()}>Create Your First Invoice</Link>}
          />
        }
      >
        {(list) => (
          <ListCard>
            <DataTable
              phoneLayout="cards"
              caption="Invoices"
              variant="relaxed"
              columns={columns}
              data={list}
              getRowId={(invoice) => invoice.id}
              sorting={sorting}
              onSortingChange={onSortingChange}
              unsortedLabel="Newest first"
            />
          </ListCard>
        )}
      </PagedList>
      <NoWayToPayDialog {...unpayable.dialog} pending={isPending} />
    </div>
  );
}

import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type OnChangeFn,
  type PaginationState,
  type ReactTable,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type { OnChangeFn, PaginationState, SortingState };

interface DataColumnMeta {
  /** 'right' for amounts and counts. */
  align?: 'right';
  /** Classes for the column's body cells. */
  className?: string;
  /** Classes for the column's header cell. */
  headerClassName?: string;
}

/**
 * The table features every data table registers. Sorting and paging are state only (manual):
 * the screen hands over rows already in order and cut to the page, because TanStack Table's
 * client-side row models take 100 ms and more on the marketing tool's 50,000 leads
 * (docs/decisions/015-one-data-table-on-tanstack-table.md).
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
type Features = typeof dataTableFeatures;

export type DataTableInstance<T extends RowData> = ReactTable<Features, T>;

/** The typed column helper for one table's rows. */
export const dataColumns = <T extends RowData>() => createColumnHelper<Features, T>();

/**
 * Every variant's box scrolls sideways on its own and is `relative`, so that visually hidden
 * text in a cell (positioned absolutely) stays inside it instead of widening the page.
 */
const VARIANTS = {
  /** Inside a card: a divider between rows, a gap between columns. */
  plain: {
    box: 'relative overflow-x-auto',
    head: 'text-left text-muted-foreground',
    th: 'pb-2 pr-4 font-medium last:pr-0',
    row: '',
    body: 'divide-y',
    td: 'py-2 pr-4 last:pr-0',
  },
  /** The same with more air, for a page's main list. */
  relaxed: {
    box: 'relative overflow-x-auto',
    head: 'text-left text-muted-foreground',
    th: 'pb-3 pr-4 font-medium last:pr-0',
    row: '',
    body: 'divide-y',
    td: 'py-3 pr-4 last:pr-0',
  },
  /** Its own bordered box with a shaded header, for a wide list on its own. */
  boxed: {
    box: 'relative overflow-x-auto rounded-lg border',
    head: 'bg-muted/50 text-left text-muted-foreground',
    th: 'px-3 py-2 font-medium',
    row: 'border-t',
    body: '',
    td: 'px-3 py-2',
  },
} as const;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<T extends RowData>({
  header,
  table,
  className,
}: {
  header: Header<Features, T, unknown>;
  table: DataTableInstance<T>;
  className: string;
}) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const classes = cn(className, meta?.align === 'right' && 'text-right', meta?.headerClassName);
  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  if (!column.getCanSort()) {
    return (
      <th scope="col" colSpan={header.colSpan} className={classes}>
        {content}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = !sorted ? ArrowUpDown : sorted === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      className={classes}
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-foreground"
        onClick={column.getToggleSortingHandler()}
      >
        {content}
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * The product's one data table (TanStack Table, headless): a header row of `th scope="col"`,
 * sortable columns as buttons with aria-sort, and a box that scrolls sideways on a narrow
 * screen instead of the page. Sorting and paging, when given, are controlled by the screen,
 * which passes the rows of the current page in their order.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  getRowId,
  caption,
  variant = 'plain',
  rowProps,
  sorting,
  onSortingChange,
  pagination,
  onPaginationChange,
  rowCount,
  footer,
}: {
  // TanStack's own column type: each column's value type is its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Features, T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Names the table for assistive technology (visually hidden). */
  caption?: string;
  variant?: keyof typeof VARIANTS;
  /** Attributes of a row's <tr> (a click handler, a highlight). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  pagination?: PaginationState;
  onPaginationChange?: OnChangeFn<PaginationState>;
  /** Rows in all pages (pagination): `data` holds only the current page's. */
  rowCount?: number;
  /** Below the table, e.g. the page controls. */
  footer?: (table: DataTableInstance<T>) => ReactNode;
}) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    manualPagination: true,
    // The product's sort toggle: a column starts ascending, then flips; never unsorted.
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: rowCount ?? data.length,
    state: {
      ...(sorting ? { sorting } : {}),
      ...(pagination ? { pagination } : {}),
    },
    onSortingChange,
    onPaginationChange,
  });
  const styles = VARIANTS[variant];

  return (
    <>
      <div className={styles.box}>
        <table className="w-full text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className={styles.head}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} table={table} className={styles.th} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className={styles.body || undefined}>
            {table.getRowModel().rows.map((row) => {
              const { className, ...attributes } = rowProps?.(row.original) ?? {};
              return (
                <tr key={row.id} {...attributes} className={cn(styles.row, className) || undefined}>
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={cn(
                          styles.td,
                          meta?.align === 'right' && 'text-right',
                          meta?.className,
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {footer?.(table)}
    </>
  );
}

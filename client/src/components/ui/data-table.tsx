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
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';
import { NativeSelect } from './native-select';

export type { OnChangeFn, PaginationState, SortingState };

interface DataColumnMeta {
  /** 'right' for amounts and counts. */
  align?: 'right';
  /** Classes for the column's body cells. */
  className?: string;
  /** Classes for the column's header cell. */
  headerClassName?: string;
  /**
   * The label of the column's value in a row's card (`phoneLayout="cards"`), when its header is
   * not plain text. A column whose header is not text and has no label shows its value alone.
   */
  cardLabel?: string;
  /**
   * A sortable column's two orders as the phone's "Sort by" select names them, ascending
   * first ('Oldest issued first', 'Newest issued first'); by default its label and the order.
   */
  sortLabels?: readonly [asc: string, desc: string];
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
    // As cards the rows have borders of their own: the dividers are for the table only.
    cardsBody: 'sm:divide-y',
    td: 'py-2 pr-4 last:pr-0',
  },
  /** The same with more air, for a page's main list. */
  relaxed: {
    box: 'relative overflow-x-auto',
    head: 'text-left text-muted-foreground',
    th: 'pb-3 pr-4 font-medium last:pr-0',
    row: '',
    body: 'divide-y',
    cardsBody: 'sm:divide-y',
    td: 'py-3 pr-4 last:pr-0',
  },
  /** Its own bordered box with a shaded header, for a wide list on its own. */
  boxed: {
    box: 'relative overflow-x-auto rounded-lg border',
    head: 'bg-muted/50 text-left text-muted-foreground',
    th: 'px-3 py-2 font-medium',
    row: 'border-t',
    body: '',
    cardsBody: '',
    td: 'px-3 py-2',
  },
} as const;

/**
 * `phoneLayout="cards"`: below `sm` the table's elements are displayed as blocks, each row a
 * card of "label value" lines, the label being the column's header text. A browser drops the
 * table semantics of table elements that are not displayed as a table, so these get their
 * roles back explicitly. The header row is not displayed there (each value carries its label,
 * read with it); a table with sortable columns has a "Sort by" select above the cards instead
 * of its header buttons.
 */
const CARDS = {
  // Cards wrap their values: nothing is left to scroll, and a box that scrolled would need
  // the focus (axe's scrollable-region-focusable).
  box: 'max-sm:overflow-visible max-sm:rounded-none max-sm:border-0',
  table: 'max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:block max-sm:space-y-3',
  row: 'max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-card max-sm:p-3',
  td: 'max-sm:grid max-sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] max-sm:gap-3 max-sm:whitespace-normal max-sm:break-words max-sm:p-0 max-sm:py-1 max-sm:text-left',
  label: 'text-sm font-medium text-muted-foreground sm:hidden',
  unlabelled: 'max-sm:col-span-2',
} as const;

/** A cell's label in a card: the column's header text, or its `cardLabel`. */
function cardLabel(columnDef: { header?: unknown; meta?: DataColumnMeta }): string | undefined {
  if (columnDef.meta?.cardLabel) return columnDef.meta.cardLabel;
  return typeof columnDef.header === 'string' && columnDef.header ? columnDef.header : undefined;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The cards' sort control on a phone: one select of every sortable column in either order
 * (and `unsortedLabel`, the screen's own order, when given), driving the same sorting state
 * as the header buttons.
 */
function SortSelect<T extends RowData>({
  table,
  unsortedLabel,
}: {
  table: DataTableInstance<T>;
  unsortedLabel?: string;
}) {
  const id = useId();
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const current = sortable.find((column) => column.getIsSorted());
  const value = current ? `${current.getIsSorted() || 'asc'}:${current.id}` : '';
  const options = sortable.flatMap((column) => {
    const label = cardLabel(column.columnDef) ?? column.id;
    const [asc, desc] = column.columnDef.meta?.sortLabels ?? [
      `${label}, ascending`,
      `${label}, descending`,
    ];
    return [
      { value: `asc:${column.id}`, label: asc },
      { value: `desc:${column.id}`, label: desc },
    ];
  });
  return (
    <div className="mb-3 space-y-2 sm:hidden">
      <Label htmlFor={id}>Sort by</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => {
          const [order, ...rest] = event.target.value.split(':');
          const columnId = rest.join(':');
          table.setSorting(columnId ? [{ id: columnId, desc: order === 'desc' }] : []);
        }}
      >
        {(unsortedLabel !== undefined || !current) && (
          <option value="">{unsortedLabel ?? 'Unsorted'}</option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function HeaderCell<T extends RowData>({
  header,
  table,
  className,
  cards,
}: {
  header: Header<Features, T, unknown>;
  table: DataTableInstance<T>;
  className: string;
  cards: boolean;
}) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sortable = column.getCanSort();
  const classes = cn(className, meta?.align === 'right' && 'text-right', meta?.headerClassName);
  const role = cards ? 'columnheader' : undefined;
  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  if (!sortable) {
    return (
      <th scope="col" role={role} colSpan={header.colSpan} className={classes}>
        {content}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = !sorted ? ArrowUpDown : sorted === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      role={role}
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
 * screen instead of the page, or, with `phoneLayout="cards"`, rows shown as cards of labelled
 * values below `sm`. Sorting and paging, when given, are controlled by the screen, which
 * passes the rows of the current page in their order.
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
  phoneLayout = 'scroll',
  unsortedLabel,
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
  /** Below `sm`: the table scrolls sideways in its box, or each row becomes a card. */
  phoneLayout?: 'scroll' | 'cards';
  /**
   * The order of the rows when no column is sorted ('Newest first'): the cards' "Sort by"
   * select offers it as its first choice.
   */
  unsortedLabel?: string;
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
  const cards = phoneLayout === 'cards';
  const sortSelect = cards && table.getAllLeafColumns().some((column) => column.getCanSort());
  /** The explicit role of an element in cards layout (see CARDS). */
  const role = <R extends string>(name: R) => (cards ? name : undefined);

  return (
    <>
      {sortSelect && <SortSelect table={table} unsortedLabel={unsortedLabel} />}
      {/* A box that may scroll sideways can be reached by keyboard, to scroll it with the arrows. */}
      <div
        className={cn(
          styles.box,
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          cards && CARDS.box,
        )}
        tabIndex={cards ? undefined : 0}
        role={cards ? undefined : 'region'}
        aria-label={cards ? undefined : caption}
      >
        <table role={role('table')} className={cn('w-full text-sm', cards && CARDS.table)}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead role={role('rowgroup')} className={cn(styles.head, cards && CARDS.head)}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role={role('row')}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    table={table}
                    className={styles.th}
                    cards={cards}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody
            role={role('rowgroup')}
            className={cn(cards ? [CARDS.body, styles.cardsBody] : styles.body) || undefined}
          >
            {table.getRowModel().rows.map((row) => {
              const { className, ...attributes } = rowProps?.(row.original) ?? {};
              return (
                <tr
                  key={row.id}
                  role={role('row')}
                  {...attributes}
                  className={cn(styles.row, cards && CARDS.row, className) || undefined}
                >
                  {row.getAllCells().map((cell) => {
                    const { columnDef } = cell.column;
                    const meta = columnDef.meta;
                    const label = cards ? cardLabel(columnDef) : undefined;
                    return (
                      <td
                        key={cell.id}
                        role={role('cell')}
                        className={cn(
                          styles.td,
                          meta?.align === 'right' && 'text-right',
                          meta?.className,
                          cards && CARDS.td,
                        )}
                      >
                        {cards ? (
                          <>
                            {label && <span className={CARDS.label}>{label}</span>}
                            <div className={cn(!label && CARDS.unlabelled)}>
                              <table.FlexRender cell={cell} />
                            </div>
                          </>
                        ) : (
                          <table.FlexRender cell={cell} />
                        )}
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

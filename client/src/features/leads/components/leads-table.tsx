import { useMemo } from 'react';
import {
  HIGH_PRIORITY_SCORE,
  isHighPriority,
  PAGE_SIZES,
  type LeadSummary,
} from '@shared/schemas/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  dataColumns,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
} from '@/components/ui/data-table';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { leadScoreClass, legitimacyClass, websiteScoreClass } from '../lib/leads-view';

const POSITION_LABEL: Record<string, string> = {
  'market-leader': 'Market leader',
  competitive: 'Competitive',
  emerging: 'Emerging',
};

const column = dataColumns<LeadSummary>();

/** The spec's columns; a lead's dialog opens from its row or its Details button. */
const leadColumns = (onOpen: (id: string) => void) =>
  column.columns([
    column.accessor('leadScore', {
      header: 'Lead Score',
      enableSorting: true,
      cell: ({ row: { original: lead } }) => (
        <div className="flex flex-col items-start gap-1">
          <span
            className={cn('rounded-full px-2 py-0.5 font-semibold', leadScoreClass(lead.leadScore))}
          >
            {lead.leadScore}
          </span>
          {lead.leadScore >= HIGH_PRIORITY_SCORE && (
            <Badge variant="destructive">HIGH PRIORITY</Badge>
          )}
        </div>
      ),
    }),
    column.accessor('name', {
      header: 'Business Name',
      enableSorting: true,
      cell: ({ row: { original: lead } }) => (
        <>
          <div className="font-medium">{lead.name}</div>
          <div className="text-xs text-muted-foreground">{lead.address}</div>
          {lead.source === 'sample' && (
            <Badge variant="outline" className="mt-1">
              Sample data
            </Badge>
          )}
        </>
      ),
    }),
    column.accessor('distance', {
      header: 'Distance',
      meta: { className: 'whitespace-nowrap' },
      cell: (cell) => {
        const distance = cell.getValue();
        return distance === undefined ? 'N/A' : `${distance} mi`;
      },
    }),
    column.display({
      id: 'contact',
      header: 'Contact',
      meta: { className: 'text-xs' },
      cell: ({ row: { original: lead } }) => (
        <>
          <div>{lead.phone}</div>
          {lead.email && <div className="text-muted-foreground">{lead.email}</div>}
        </>
      ),
    }),
    column.accessor('rating', {
      header: 'Rating',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: lead } }) =>
        lead.rating > 0 ? `${lead.rating} (${lead.reviewCount})` : 'No rating',
    }),
    column.accessor('websiteScore', {
      header: 'Website Status',
      cell: ({ row: { original: lead } }) => (
        <>
          <div className={cn('font-medium', websiteScoreClass(lead.websiteScore))}>
            {lead.websiteScore}/100
          </div>
          <div className="text-xs text-muted-foreground">{lead.recommendation}</div>
        </>
      ),
    }),
    column.display({
      id: 'market',
      header: 'Market Position',
      meta: { className: 'text-xs' },
      cell: ({ row: { original: lead } }) => (
        <>
          <div className="capitalize">{lead.marketPresence} presence</div>
          {POSITION_LABEL[lead.competitivePosition] && (
            <div>{POSITION_LABEL[lead.competitivePosition]}</div>
          )}
          {lead.legitimacyScore !== null && (
            <div className={legitimacyClass(lead.legitimacyScore)}>
              {lead.legitimacyScore}% legitimate
            </div>
          )}
        </>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: lead } }) => (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Details of ${lead.name}${isHighPriority(lead) ? ' (high priority)' : ''}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(lead.id);
          }}
        >
          Details
        </Button>
      ),
    }),
  ]);

/**
 * One page of the results. The rows come sorted and cut to the page by the caller (an index
 * keeps that fast for 50,000 leads); the table holds the sorting and paging state.
 */
export function LeadsTable({
  rows,
  total,
  from,
  to,
  sorting,
  onSortingChange,
  pagination,
  onPaginationChange,
  onOpen,
  highPriorityOnly,
}: {
  /** The current page's leads, in order. */
  rows: LeadSummary[];
  /** Leads in all pages, and the 1-based positions of this page's first and last. */
  total: number;
  from: number;
  to: number;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  onOpen: (id: string) => void;
  highPriorityOnly: boolean;
}) {
  const columns = useMemo(() => leadColumns(onOpen), [onOpen]);
  return (
    <div className="space-y-4">
      <DataTable
        caption="Business leads"
        variant="boxed"
        phoneLayout="cards"
        columns={columns}
        data={rows}
        getRowId={(lead) => lead.id}
        rowProps={(lead) => ({
          onClick: () => onOpen(lead.id),
          className: cn(
            'cursor-pointer hover:bg-muted/40',
            lead.leadScore >= HIGH_PRIORITY_SCORE && 'bg-red-50 hover:bg-red-100',
          ),
          'data-testid': 'lead-row',
        })}
        sorting={sorting}
        onSortingChange={onSortingChange}
        pagination={pagination}
        onPaginationChange={onPaginationChange}
        rowCount={total}
        footer={(table) => (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p aria-live="polite">
              Showing {from} - {to} of {total}{' '}
              {highPriorityOnly ? 'high priority leads' : 'results'}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="page-size" className="whitespace-nowrap text-muted-foreground">
                Rows per page
              </label>
              <NativeSelect
                id="page-size"
                className="h-9 w-20"
                value={pagination.pageSize}
                onChange={(event) =>
                  table.setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })
                }
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              >
                Previous
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              >
                Next
              </Button>
            </div>
          </div>
        )}
      />
    </div>
  );
}

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  HIGH_PRIORITY_SCORE,
  isHighPriority,
  PAGE_SIZES,
  type LeadSummary,
} from '@shared/schemas/marketing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import {
  leadScoreClass,
  legitimacyClass,
  websiteScoreClass,
  type Page,
  type Sort,
  type SortKey,
} from '../lib/leads-view';

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="px-3 py-2 font-medium"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-foreground"
        onClick={() => onSort(column)}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

const POSITION_LABEL: Record<string, string> = {
  'market-leader': 'Market leader',
  competitive: 'Competitive',
  emerging: 'Emerging',
};

export function LeadsTable({
  page,
  sort,
  onSort,
  onOpen,
  pageSize,
  onPageSize,
  onPage,
  highPriorityOnly,
}: {
  page: Page<LeadSummary>;
  sort: Sort;
  onSort: (key: SortKey) => void;
  onOpen: (lead: LeadSummary) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  onPage: (page: number) => void;
  highPriorityOnly: boolean;
}) {
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <SortHeader label="Lead Score" column="leadScore" sort={sort} onSort={onSort} />
              <SortHeader label="Business Name" column="name" sort={sort} onSort={onSort} />
              <th scope="col" className="px-3 py-2 font-medium">
                Distance
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Contact
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Rating
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Website Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Market Position
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((lead) => {
              const high = lead.leadScore >= HIGH_PRIORITY_SCORE;
              return (
                <tr
                  key={lead.id}
                  onClick={() => onOpen(lead)}
                  className={cn(
                    'cursor-pointer border-t hover:bg-muted/40',
                    high && 'bg-red-50 hover:bg-red-100',
                  )}
                  data-testid="lead-row"
                >
                  <td className="px-3 py-2">
                    <div className="flex flex-col items-start gap-1">
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 font-semibold',
                          leadScoreClass(lead.leadScore),
                        )}
                      >
                        {lead.leadScore}
                      </span>
                      {high && <Badge variant="destructive">HIGH PRIORITY</Badge>}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <div className="font-medium">{lead.name}</div>
                    <div className="text-xs text-muted-foreground">{lead.address}</div>
                    {lead.source === 'sample' && (
                      <Badge variant="outline" className="mt-1">
                        Sample data
                      </Badge>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {lead.distance === undefined ? 'N/A' : `${lead.distance} mi`}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <div>{lead.phone}</div>
                    {lead.email && <div className="text-muted-foreground">{lead.email}</div>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {lead.rating > 0 ? `${lead.rating} (${lead.reviewCount})` : 'No rating'}
                  </td>
                  <td className="px-3 py-2">
                    <div className={cn('font-medium', websiteScoreClass(lead.websiteScore))}>
                      {lead.websiteScore}/100
                    </div>
                    <div className="text-xs text-muted-foreground">{lead.recommendation}</div>
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <div className="capitalize">{lead.marketPresence} presence</div>
                    {POSITION_LABEL[lead.competitivePosition] && (
                      <div>{POSITION_LABEL[lead.competitivePosition]}</div>
                    )}
                    {lead.legitimacyScore !== null && (
                      <div className={legitimacyClass(lead.legitimacyScore)}>
                        {lead.legitimacyScore}% legitimate
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Details of ${lead.name}${isHighPriority(lead) ? ' (high priority)' : ''}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(lead);
                      }}
                    >
                      Details
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite">
          Showing {page.from} - {page.to} of {page.total}{' '}
          {highPriorityOnly ? 'high priority leads' : 'results'}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="page-size" className="whitespace-nowrap text-muted-foreground">
            Rows per page
          </label>
          <NativeSelect
            id="page-size"
            className="h-9 w-20"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
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
            disabled={page.page <= 1}
            onClick={() => onPage(page.page - 1)}
          >
            Previous
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page.page >= page.pageCount}
            onClick={() => onPage(page.page + 1)}
          >
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}

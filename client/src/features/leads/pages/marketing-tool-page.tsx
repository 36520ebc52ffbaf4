import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  summarizeLead,
  type MarketingSearch,
  type SearchJob,
  type SearchLeads,
} from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import type { PaginationState, SortingState } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSearchParam } from '@/lib/use-search-param';
import { useCancelSearchJob, type CancelOutcome } from '../api/cancel-search-job';
import { leadQueryOptions } from '../api/get-lead';
import { useSearchJob } from '../api/get-search-job';
import { searchLeadsQueryOptions, useSearchLeads } from '../api/get-search-leads';
import { searchPagesKey } from '../api/get-searches';
import { useRunSearch } from '../api/run-search';
import { BulkProgress } from '../components/bulk-progress';
import { LeadDetailDialog } from '../components/lead-detail-dialog';
import { LeadsTable } from '../components/leads-table';
import { PastSearches } from '../components/past-searches';
import { SearchForm } from '../components/search-form';
import { downloadLeadsCsv, OSM_CREDIT, SAMPLE_NOTE } from '../lib/leads-csv';
import {
  DEFAULT_SORT,
  highPriorityOnly as keepHighPriority,
  pageOf,
  prioritySummary,
  sortIndex,
  sortLeads,
  type Sort,
} from '../lib/leads-view';

/** The search shown, kept in the address (?search=) so leaving and coming back finds it. */
function useShownSearch() {
  return useSearchParam('search');
}

const isUnderWay = (job: SearchJob | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/**
 * What a click on 'Cancel search' came to. A search that ended by itself just before is no
 * error: the toast says how it ended, calmly, and the page shows it.
 */
function cancelToast(outcome: CancelOutcome) {
  if (outcome.cancelled) {
    return { title: 'Search canceled', description: 'The bulk search was stopped.' };
  }
  const { job } = outcome;
  if (job.status === 'done') {
    return {
      title: 'The search had already finished',
      description: `It found ${job.total.toLocaleString('en-US')} leads: they are shown below.`,
    };
  }
  if (job.status === 'cancelled') {
    return { title: 'The search was already canceled', description: 'Nothing more to stop.' };
  }
  return {
    title: 'The search had already ended',
    description: job.error ?? 'It stopped before the cancel arrived.',
  };
}

function Results({
  searchId,
  results,
  highPriorityOnly,
}: {
  searchId: string;
  results: SearchLeads;
  highPriorityOnly: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>([DEFAULT_SORT]);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [openLead, setOpenLead] = useState<string | null>(null);

  useEffect(
    () => setPagination((current) => ({ ...current, pageIndex: 0 })),
    [searchId, highPriorityOnly],
  );

  // The table sorts by one column at a time: the score or the name.
  const [column] = sorting;
  const sort = useMemo<Sort>(
    () =>
      column
        ? { id: column.id === 'name' ? 'name' : 'leadScore', desc: column.desc }
        : DEFAULT_SORT,
    [column],
  );
  const index = useMemo(() => sortIndex(results.leads), [results.leads]);
  const sorted = useMemo(() => sortLeads(results.leads, sort, index), [results.leads, sort, index]);
  const shown = useMemo(
    () => (highPriorityOnly ? keepHighPriority(sorted) : sorted),
    [sorted, highPriorityOnly],
  );
  const summary = useMemo(() => prioritySummary(results.leads), [results.leads]);
  const current = pageOf(shown, pagination);

  const exportCsv = () => {
    if (downloadLeadsCsv(shown)) {
      toast({ title: 'Export successful', description: 'Business leads exported to CSV' });
    }
  };

  return (
    <section aria-labelledby="results-title" className="space-y-4">
      <div role="group" className="grid gap-3 sm:grid-cols-3" aria-label="High-priority summary">
        <div className="rounded-lg border border-red-200 bg-red-50 p-4">
          <div className="text-2xl font-bold text-red-700">{summary.highPriority}</div>
          <div className="text-sm">High priority leads</div>
        </div>
        <div className="rounded-lg border p-4">
          <div className="text-2xl font-bold">{summary.needsWebsite}</div>
          <div className="text-sm">Need a website</div>
        </div>
        <div className="rounded-lg border p-4">
          <div className="text-2xl font-bold">{summary.poorWebsite}</div>
          <div className="text-sm">Poor websites (score below 40)</div>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="results-title" className="text-xl font-semibold">
            {results.total > 0 ? `Found ${results.total} business leads` : 'No results found'}
          </h2>
          {results.totalUnfiltered > results.total && (
            <p className="text-sm text-muted-foreground">
              Showing {results.total} of {results.totalUnfiltered} businesses after filters
            </p>
          )}
          {results.source === 'sample' && (
            <p className="text-sm font-medium text-amber-700">{SAMPLE_NOTE}.</p>
          )}
        </div>
        <Button type="button" variant="outline" onClick={exportCsv} disabled={shown.length === 0}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export to CSV
        </Button>
      </div>

      {results.leads.length > 0 && (
        <LeadsTable
          {...current}
          sorting={sorting}
          onSortingChange={setSorting}
          pagination={pagination}
          onPaginationChange={setPagination}
          onOpen={setOpenLead}
          highPriorityOnly={highPriorityOnly}
        />
      )}
      {results.source === 'osm' && results.leads.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Business data{' '}
          <a
            className="underline"
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noreferrer"
          >
            {OSM_CREDIT}
          </a>
        </p>
      )}
      <LeadDetailDialog searchId={searchId} leadId={openLead} onClose={() => setOpenLead(null)} />
    </section>
  );
}

function ShownSearch({
  searchId,
  highPriorityOnly,
}: {
  searchId: string;
  highPriorityOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const job = useSearchJob(searchId);
  const cancel = useCancelSearchJob();
  const done = job.data?.status === 'done';
  useEffect(() => {
    if (job.data?.result) {
      queryClient.setQueryData(searchLeadsQueryOptions(searchId).queryKey, job.data.result);
    }
  }, [job.data, queryClient, searchId]);
  const results = useSearchLeads(searchId, done);
  // A search that ends changes its row in the past searches.
  const ended = Boolean(job.data && !isUnderWay(job.data));
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: searchPagesKey });
  }, [ended, queryClient]);

  if (!job.data) {
    return (
      <QueryState query={job} what="search" loading={<Spinner label="Loading the search" />} />
    );
  }
  const { status } = job.data;
  if (status === 'queued' || status === 'running') {
    return (
      <BulkProgress
        job={job.data}
        cancelling={cancel.isPending}
        onCancel={() =>
          cancel.mutate(searchId, { onSuccess: (outcome) => toast(cancelToast(outcome)) })
        }
      />
    );
  }
  if (status === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-destructive">
        This search failed: {job.data.error ?? 'Failed to search for business leads'}
      </p>
    );
  }
  if (status === 'cancelled') {
    return (
      <p className="rounded-lg border p-4 text-muted-foreground">
        This search was canceled after {job.data.progress.leadsFound} leads.
      </p>
    );
  }
  if (!results.data) {
    // Still loading while the search runs (the results query waits for it to finish).
    return results.isError ? (
      <QueryState query={results} what="results" />
    ) : (
      <Spinner label="Loading the results" />
    );
  }
  return <Results searchId={searchId} results={results.data} highPriorityOnly={highPriorityOnly} />;
}

/** /admin/marketing-tool. */
export function MarketingToolPage() {
  const queryClient = useQueryClient();
  const [searchId, setSearchId] = useShownSearch();
  const [highPriorityOnly, setHighPriorityOnly] = useState(false);
  const search = useRunSearch();
  // The search shown (the same query ShownSearch polls): a bulk search under way keeps the
  // Search button busy, so a second click cannot start a second one.
  const shown = useSearchJob(searchId);
  const bulkRunning = isUnderWay(shown.data);

  // Set at once, not at the next render: a double click submits twice before it.
  const sending = useRef(false);
  const runSearch = (criteria: MarketingSearch) => {
    if (sending.current || bulkRunning) return;
    sending.current = true;
    search.mutate(criteria, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (answer) => {
        if ('jobId' in answer) {
          setSearchId(answer.jobId);
          return;
        }
        queryClient.setQueryData(searchLeadsQueryOptions(answer.searchId).queryKey, {
          source: answer.source,
          leads: answer.leads.map(summarizeLead),
          total: answer.total,
          totalUnfiltered: answer.totalUnfiltered,
        });
        for (const lead of answer.leads) {
          queryClient.setQueryData(leadQueryOptions(answer.searchId, lead.id).queryKey, lead);
        }
        setSearchId(answer.searchId);
      },
    });
  };

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl font-bold">Marketing Tool</h1>
        <p className="text-muted-foreground">
          Find and export business leads for marketing campaigns
        </p>
      </div>
      <SearchForm
        pending={search.isPending}
        running={bulkRunning}
        shown={shown.data ? { id: shown.data.id, criteria: shown.data.criteria } : null}
        highPriorityOnly={highPriorityOnly}
        onHighPriorityOnlyChange={setHighPriorityOnly}
        onSearch={runSearch}
      />
      {searchId && <ShownSearch searchId={searchId} highPriorityOnly={highPriorityOnly} />}
      <PastSearches current={searchId} onOpen={setSearchId} />
    </div>
  );
}

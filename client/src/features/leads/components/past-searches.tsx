import type { SearchRecord, SearchStatus } from '@shared/schemas/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSearch, PagedList } from '@/components/ui/paged-list';
import { formatTimeAgo } from '@/lib/dates';
import { useSearches } from '../api/get-searches';
import { usePastSearchParams } from '../lib/past-search-params';

const STATUS_VARIANT = {
  queued: 'secondary',
  running: 'warning',
  done: 'success',
  failed: 'destructive',
  cancelled: 'outline',
} as const;

const STATUS_LABEL: Record<SearchStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Canceled',
};

/**
 * The kept searches, newest first, a page at a time and searchable by city, state and
 * business type (?searchesQ=&searchesPage= in the address).
 */
export function PastSearches({
  current,
  onOpen,
}: {
  current: string | null;
  onOpen: (id: string) => void;
}) {
  const { params, update } = usePastSearchParams();
  const searches = useSearches(params);
  return (
    <section aria-labelledby="past-searches-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="past-searches-title" className="text-xl font-semibold">
          Past searches
        </h2>
        <ListSearch
          label="Search past searches"
          placeholder="City, state or business type"
          value={params.q ?? ''}
          onSearch={(q) => update({ q }, { replace: true })}
        />
      </div>
      <PagedList
        query={searches}
        what="Searches"
        empty="No searches yet."
        noMatch="No past searches match this search."
        filtered={Boolean(params.q)}
        onPage={(page) => update({ page: page > 1 ? String(page) : undefined })}
      >
        {(records: SearchRecord[]) => (
          <ul className="divide-y rounded-lg border" aria-label="Past searches">
            {records.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <div className="font-medium">
                    {record.criteria.businessType} in {record.criteria.city}
                    {record.bulk ? ' (bulk)' : ''}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {record.criteria.state ? `${record.criteria.state} · ` : ''}
                    {formatTimeAgo(record.createdAt)} ·{' '}
                    {record.status === 'done'
                      ? `${record.total.toLocaleString('en-US')} leads`
                      : `${record.progress.leadsFound.toLocaleString('en-US')} leads so far`}
                    {record.error ? ` · ${record.error}` : ''}
                  </div>
                </div>
                <Badge variant={STATUS_VARIANT[record.status]}>{STATUS_LABEL[record.status]}</Badge>
                <Button
                  type="button"
                  size="sm"
                  variant={record.id === current ? 'secondary' : 'outline'}
                  disabled={record.id === current}
                  onClick={() => onOpen(record.id)}
                >
                  {record.id === current ? 'Shown' : 'Open'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

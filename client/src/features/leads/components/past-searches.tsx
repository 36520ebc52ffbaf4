import { formatDistanceToNow } from 'date-fns';
import type { SearchRecord } from '@shared/schemas/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryList } from '@/components/ui/query-list';
import { useSearches } from '../api/get-searches';

const STATUS_VARIANT = {
  queued: 'secondary',
  running: 'warning',
  done: 'success',
  failed: 'destructive',
  cancelled: 'outline',
} as const;

export function PastSearches({
  current,
  onOpen,
}: {
  current: string | null;
  onOpen: (id: string) => void;
}) {
  const searches = useSearches();
  return (
    <section aria-labelledby="past-searches-title" className="space-y-3">
      <h2 id="past-searches-title" className="text-xl font-semibold">
        Past searches
      </h2>
      <QueryList query={searches} what="The past searches" empty="No searches yet.">
        {(records: SearchRecord[]) => (
          <ul className="divide-y rounded-lg border">
            {records.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <div className="font-medium">
                    {record.criteria.businessType} in {record.criteria.city}
                    {record.bulk ? ' (bulk)' : ''}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {formatDistanceToNow(new Date(record.createdAt), { addSuffix: true })} ·{' '}
                    {record.status === 'done'
                      ? `${record.total.toLocaleString('en-US')} leads`
                      : `${record.progress.leadsFound.toLocaleString('en-US')} leads so far`}
                    {record.error ? ` · ${record.error}` : ''}
                  </div>
                </div>
                <Badge variant={STATUS_VARIANT[record.status]}>{record.status}</Badge>
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
      </QueryList>
    </section>
  );
}

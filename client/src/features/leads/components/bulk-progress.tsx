import type { SearchJob } from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';

/**
 * How far a bulk search is: half for the grid cells searched, half for the websites
 * analysed (the cells phase is complete early when the target count is reached).
 */
export function bulkFraction(job: SearchJob): number {
  const { cellsDone, cellsTotal, leadsFound, websitesAnalysed, websitesTotal } = job.progress;
  const cells = leadsFound >= job.criteria.maxResults ? 1 : cellsTotal ? cellsDone / cellsTotal : 0;
  const websites = websitesTotal ? websitesAnalysed / websitesTotal : cells;
  return Math.min(1, cells * 0.5 + websites * 0.5);
}

/**
 * The percentage shown: whole numbers, but with a tenth under 10% so that each grid cell
 * moves it (one cell of 81 is 0.3% of the whole; rounded, the first cells all read 0%).
 * Rounded down, so it never says 100% before the search is done.
 */
export function bulkPercent(fraction: number): number {
  const percent = fraction * 100;
  return percent < 10 ? Math.floor(percent * 10) / 10 : Math.floor(percent);
}

export function BulkProgress({
  job,
  onCancel,
  cancelling,
}: {
  job: SearchJob;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = bulkPercent(bulkFraction(job));
  const { cellsDone, cellsTotal, leadsFound, websitesAnalysed, websitesTotal } = job.progress;
  return (
    <section
      aria-labelledby="bulk-progress-title"
      className="space-y-3 rounded-lg border border-primary/30 bg-primary/5 p-5"
    >
      <h2 id="bulk-progress-title" className="font-semibold">
        {job.status === 'queued' ? 'Bulk search queued' : 'Bulk search running'}
      </h2>
      <p className="text-sm">
        Searching 100+ categories in {job.criteria.city}
        {job.criteria.state ? `, ${job.criteria.state}` : ''}. Target:{' '}
        {job.criteria.maxResults.toLocaleString('en-US')} leads.
      </p>
      <div
        role="progressbar"
        aria-label="Bulk search progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {percent}% · Grid cells {cellsDone} of {cellsTotal} · {leadsFound.toLocaleString('en-US')}{' '}
        leads found · {websitesAnalysed.toLocaleString('en-US')} of{' '}
        {websitesTotal.toLocaleString('en-US')} websites analyzed
      </p>
      <p className="text-xs text-muted-foreground">
        You can leave this page: the search keeps running and its results wait under Past searches.
      </p>
      <Button type="button" variant="outline" onClick={onCancel} disabled={cancelling}>
        {cancelling ? 'Canceling...' : 'Cancel search'}
      </Button>
    </section>
  );
}

import { AlertTriangle, Hammer } from 'lucide-react';
import { describeMeter, describeNextBeyondPlan } from '@shared/updates-meter';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpdatesMeter } from '../api/get-updates-meter';

/** The month's meter and, when the next request would be beyond the plan, its price. */
function MeterNote() {
  const meter = useUpdatesMeter();
  return (
    <div className="rounded-md border bg-muted/40 p-3 text-sm">
      <QueryState query={meter} what="updates meter" loading={<Skeleton className="h-5 w-56" />}>
        {(data) => {
          const beyond = describeNextBeyondPlan(data);
          return (
            <div className="space-y-2">
              <p className="flex items-start gap-2">
                <Hammer className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{describeMeter(data)}</span>
              </p>
              {beyond && (
                <p className="flex items-start gap-2 text-amber-900">
                  <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  <span>{beyond}</span>
                </p>
              )}
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

/**
 * On the new-ticket form: once "Website update" is chosen (`shown`), the month's meter ("1 of 2
 * updates used in November") and, when this request would be beyond the plan, what it will
 * cost. The live region is always there, empty until then, so screen readers announce what
 * fills it (a region mounted with its content is often not read); the meter is fetched only
 * when shown.
 */
export function UpdatesMeterNote({ shown }: { shown: boolean }) {
  return (
    <div role="status" aria-label="Your website updates this month">
      {shown && <MeterNote />}
    </div>
  );
}

import { Hammer } from 'lucide-react';
import { describeMeter } from '@shared/updates-meter';
import { useUpdatesMeter } from '../api/get-updates-meter';

/**
 * The dashboard's line near the tickets: "1 of 2 updates used in November". Nothing while it
 * loads or when it fails (the dashboard works without it), nor for a client without a plan
 * who asked for no update.
 */
export function UpdatesMeterLine() {
  const { data: meter } = useUpdatesMeter();
  if (!meter || (meter.plan === null && meter.used === 0)) return null;
  return (
    <p className="flex items-start gap-2">
      <Hammer className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <span>{describeMeter(meter)}</span>
    </p>
  );
}

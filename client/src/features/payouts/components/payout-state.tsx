import type { Payout } from '@shared/schemas/payouts';
import { Badge } from '@/components/ui/badge';

/** Paid, Failed, or how many of its transactions match nothing of ours. */
export function PayoutState({ payout }: { payout: Pick<Payout, 'status' | 'unmatched'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {payout.status === 'failed' ? (
        <Badge variant="destructive">Failed</Badge>
      ) : (
        <Badge variant="success">Paid</Badge>
      )}
      {payout.unmatched > 0 && <Badge variant="warning">{payout.unmatched} unmatched</Badge>}
    </span>
  );
}

import { CountBadge } from '@/components/ui/count-badge';
import { useConsultationSummary } from '../api/get-consultation-summary';

/** The admin navigation's count of requests nobody has followed up yet. */
export function NewRequestCount() {
  return <CountBadge count={useConsultationSummary().data?.new} label="new" />;
}

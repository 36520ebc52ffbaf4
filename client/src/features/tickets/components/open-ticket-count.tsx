import { CountBadge } from '@/components/ui/count-badge';
import { useTicketSummary } from '../api/get-ticket-summary';

/** The admin navigation's count of tickets waiting for the agency. */
export function OpenTicketCount() {
  return <CountBadge count={useTicketSummary().data?.open} label="open" />;
}

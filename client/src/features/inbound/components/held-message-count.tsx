import { CountBadge } from '@/components/ui/count-badge';
import { useInboundSummary } from '../api/get-inbound-summary';

/** The admin navigation's count of e-mails held for review, beside Support's open tickets. */
export function HeldMessageCount() {
  return <CountBadge count={useInboundSummary().data?.held} label="held e-mail" />;
}

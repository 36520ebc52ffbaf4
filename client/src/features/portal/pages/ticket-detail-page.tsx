import { PendingScreen } from '@/components/pending-screen';

export function TicketDetailPage() {
  return <PendingScreen title="Ticket" issue={4} />;
}

import { PendingScreen } from '@/components/pending-screen';

export function NewTicketPage() {
  return <PendingScreen title="New Ticket" issue={4} />;
}

import { PendingScreen } from '@/components/pending-screen';

export function SupportListPage() {
  return <PendingScreen title="Support Tickets" issue={4} />;
}

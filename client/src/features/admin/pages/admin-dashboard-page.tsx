import { PendingScreen } from '@/components/pending-screen';

export function AdminDashboardPage() {
  return <PendingScreen title="Dashboard" issue={5} />;
}

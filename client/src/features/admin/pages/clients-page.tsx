import { PendingScreen } from '@/components/pending-screen';

export function ClientsPage() {
  return <PendingScreen title="Clients" issue={5} />;
}

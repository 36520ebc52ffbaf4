import { PendingScreen } from '@/components/pending-screen';

export function InvoicesPage() {
  return <PendingScreen title="Invoices" issue={5} />;
}

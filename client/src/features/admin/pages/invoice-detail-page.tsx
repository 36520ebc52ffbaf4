import { PendingScreen } from '@/components/pending-screen';

export function InvoiceDetailPage() {
  return <PendingScreen title="Invoice" issue={5} />;
}

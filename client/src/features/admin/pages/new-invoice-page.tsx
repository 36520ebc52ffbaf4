import { PendingScreen } from '@/components/pending-screen';

export function NewInvoicePage() {
  return <PendingScreen title="New Invoice" issue={5} />;
}

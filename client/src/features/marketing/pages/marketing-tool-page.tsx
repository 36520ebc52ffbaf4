import { PendingScreen } from '@/components/pending-screen';

export function MarketingToolPage() {
  return <PendingScreen title="Marketing Tool" issue={6} />;
}

import { PendingScreen } from '@/components/pending-screen';

export function SubscribePage() {
  return <PendingScreen title="Choose Your Plan" issue={4} />;
}

import { PendingScreen } from '@/components/pending-screen';

export function SettingsPage() {
  return <PendingScreen title="Settings" issue={5} />;
}

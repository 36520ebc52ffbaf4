import { LogOut } from 'lucide-react';
import { PendingScreen } from '@/components/pending-screen';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth/api/get-user';
import { usePublicSettings } from '@/features/settings/api/get-public-settings';

export function PortalDashboardPage() {
  const { user } = useUser();
  const { businessName } = usePublicSettings();
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
          <div>
            <p className="font-display text-xl font-bold text-primary">{businessName}</p>
            <p className="text-sm text-muted-foreground">Welcome {user?.firstName || 'Client'}</p>
          </div>
          <Button variant="outline" asChild>
            <a href="/api/logout">
              <LogOut className="h-4 w-4" aria-hidden="true" /> Log Out
            </a>
          </Button>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-6xl px-4 py-8">
        <PendingScreen title="Client Portal" issue={4} />
      </main>
    </div>
  );
}

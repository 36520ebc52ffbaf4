import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { SignOutButton, useUser } from '@/features/auth/public';
import { usePublicSettings } from '@/features/settings/public';

/**
 * Every signed-in portal screen: the header (the business, who is signed in, Log Out) above
 * the screen's own `<main>`, so a ticket or the plans keep the way home and out.
 */
export function PortalShell({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const { businessName } = usePublicSettings();
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
          <div className="min-w-0">
            <Link
              href={paths.portal.dashboard()}
              className="break-words rounded-sm font-display text-xl font-bold text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {businessName}
            </Link>
            <p className="text-sm text-muted-foreground">Welcome {user?.firstName || 'Client'}</p>
          </div>
          <SignOutButton variant="outline">
            <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
          </SignOutButton>
        </div>
      </header>
      {children}
    </div>
  );
}

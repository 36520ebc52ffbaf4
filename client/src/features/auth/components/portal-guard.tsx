import type { ReactNode } from 'react';
import { Loader2, LogIn } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useUser } from '../api/get-user';
import { useRedirectOnUnauthorized } from './use-redirect-on-unauthorized';

/** /portal/*: a spinner while the user loads; a way to sign in when there is none. */
export function PortalGuard({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useUser();
  const [location] = useLocation();
  useRedirectOnUnauthorized();
  if (isLoading) return <FullScreenSpinner label="Loading..." />;
  if (!isAuthenticated) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4">
        <h1 className="font-display text-2xl font-bold">Client Portal</h1>
        <Loader2 className="h-10 w-10 animate-spin text-primary" aria-hidden="true" />
        <p className="text-muted-foreground" role="status">
          Please log in to continue
        </p>
        <Button asChild>
          <a href={`/api/login?returnTo=${encodeURIComponent(location)}`}>
            <LogIn className="h-4 w-4" aria-hidden="true" /> Sign in
          </a>
        </Button>
      </main>
    );
  }
  return <>{children}</>;
}

import type { ReactNode } from 'react';
import { LockKeyhole, LogIn } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { usePublicSettings } from '@/features/settings/public';
import { useUser } from '../api/get-user';
import { useRedirectOnUnauthorized } from './use-redirect-on-unauthorized';

/**
 * /portal/*: a spinner while the user loads; when there is none, a page that says so (a
 * heading, no spinner) with the way to sign in.
 */
export function PortalGuard({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useUser();
  const [location] = useLocation();
  const { businessName } = usePublicSettings();
  useRedirectOnUnauthorized();
  if (isLoading) return <FullScreenSpinner label="Loading..." />;
  if (!isAuthenticated) {
    return (
      <main
        id="main-content"
        className="flex min-h-screen items-center justify-center bg-muted/40 p-4"
      >
        <Card className="w-full max-w-md">
          <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
            <LockKeyhole className="h-10 w-10 text-primary" aria-hidden="true" />
            <h1 className="font-display text-2xl font-bold">{businessName} Client Portal</h1>
            <p className="text-muted-foreground">Please log in to continue</p>
            <Button asChild>
              <a href={`/api/login?returnTo=${encodeURIComponent(location)}`}>
                <LogIn className="h-4 w-4" aria-hidden="true" /> Sign in
              </a>
            </Button>
          </CardContent>
        </Card>
      </main>
    );
  }
  return <>{children}</>;
}

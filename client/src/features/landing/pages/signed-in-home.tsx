import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { QueryProvider } from '@/lib/query-provider';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/public';
import { LandingPage } from './landing-page';
import { paths } from '@/lib/paths';

function SignedInRedirect() {
  const { isLoading, isAuthenticated } = useUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (isAuthenticated) navigate(paths.portal.dashboard(), { replace: true });
  }, [isAuthenticated, navigate]);
  if (isLoading) return <FullScreenSpinner />;
  if (isAuthenticated) return <FullScreenSpinner label="Redirecting to portal..." />;
  // The hint was stale (the session ended): the visitor gets the landing page.
  return <LandingPage />;
}

/** "/" for a browser whose hint cookie says it may be signed in. */
export function SignedInHome() {
  return (
    <QueryProvider>
      <SignedInRedirect />
    </QueryProvider>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { LandingPage } from './landing-page';

/** /: a spinner while auth loads, the portal for a signed-in client, the landing page otherwise. */
export function HomePage() {
  const { isLoading, isAuthenticated } = useUser({ onlyWithHint: true });
  const [, navigate] = useLocation();
  useEffect(() => {
    if (isAuthenticated) navigate('/portal/dashboard', { replace: true });
  }, [isAuthenticated, navigate]);
  if (isLoading) return <FullScreenSpinner />;
  if (isAuthenticated) return <FullScreenSpinner label="Redirecting to portal..." />;
  return <LandingPage />;
}

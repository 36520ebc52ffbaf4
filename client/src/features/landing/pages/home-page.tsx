import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { hasSignedInHint } from '@/lib/signed-in-hint';
import { LandingPage } from './landing-page';

// Asking the server who is signed in (and the query library that does it) is only needed
// when the hint cookie says a session may exist.
const SignedInHome = lazy(() =>
  import('./signed-in-home').then((m) => ({ default: m.SignedInHome })),
);

/** /: the portal for a signed-in client (spinner while checking), the landing page otherwise. */
export function HomePage() {
  if (!hasSignedInHint()) return <LandingPage />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInHome />
    </Suspense>
  );
}

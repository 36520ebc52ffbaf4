import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { ErrorScreen } from '@/components/error-screen';
import { FullScreenSpinner } from '@/components/ui/spinner';
import {
  isChunkLoadError,
  isReloadUnderWay,
  mayReloadForStaleChunk,
  reloadForStaleChunk,
  reloadPage,
} from '@/lib/stale-chunks';

type Options = {
  /** The browser's reload unless a test passes its own. */
  reload?: () => void;
  fullScreen?: boolean;
};

/**
 * A missing chunk (a deploy since the page was opened) reloads the page once by itself; any
 * other error, or the same one again right after that reload, shows the error screen.
 */
function Fallback({
  error,
  reload = reloadPage,
  fullScreen,
}: Pick<FallbackProps, 'error'> & Options) {
  const staleChunk = isChunkLoadError(error);
  // Decided once, before the effect marks the reload (StrictMode runs the effect twice: the
  // second run sees the mark and leaves it at one reload).
  // A reload already under way (vite:preloadError saw the failure first) is waited for too.
  const [reloading] = useState(
    () => staleChunk && (isReloadUnderWay() || mayReloadForStaleChunk()),
  );
  useEffect(() => {
    if (reloading && mayReloadForStaleChunk()) reloadForStaleChunk(reload);
  }, [reloading, reload]);
  if (reloading) return <FullScreenSpinner label="Loading the new version..." />;
  return (
    <ErrorScreen
      kind={staleChunk ? 'staleChunk' : 'render'}
      onReload={reload}
      fullScreen={fullScreen}
    />
  );
}

/** Around the whole app: the last stop before a blank page. */
export function RootErrorBoundary({ children, reload }: { children: ReactNode } & Options) {
  return (
    <ErrorBoundary
      fallbackRender={({ error }) => <Fallback error={error} reload={reload} fullScreen />}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around a route table: a screen that breaks leaves the layout around it standing, and going
 * to another address (the menu, the back button) tries again there.
 */
export function RouteErrorBoundary({
  children,
  reload,
  fullScreen = false,
}: { children: ReactNode } & Options) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[location]}
      fallbackRender={({ error }) => (
        <Fallback error={error} reload={reload} fullScreen={fullScreen} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

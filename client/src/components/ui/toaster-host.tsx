import { lazy, Suspense, useEffect, useState } from 'react';

// The toast UI and its store are fetched with the first toast, keeping them out of the first
// paint. The event name is repeated here on purpose: importing it would bring the store along.
const TOAST_REQUESTED_EVENT = 'app:toast-requested';
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const onRequest = () => setNeeded(true);
    // A toast asked for before this listener existed left its mark on <html>.
    if (document.documentElement.dataset.toastRequested) onRequest();
    window.addEventListener(TOAST_REQUESTED_EVENT, onRequest);
    return () => window.removeEventListener(TOAST_REQUESTED_EVENT, onRequest);
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

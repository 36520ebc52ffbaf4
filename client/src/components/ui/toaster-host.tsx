import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

// The toast UI (Radix) is fetched with the first toast, keeping it out of the first paint.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

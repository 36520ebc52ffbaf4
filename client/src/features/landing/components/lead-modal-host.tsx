import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { OPEN_LEAD_MODAL_EVENT, type LeadModalRequest } from '../content';

// The modal (dialog, form library, schema) is a chunk of its own, fetched on first open, so
// the landing page's first paint does not wait for it.
const LeadModal = lazy(() => import('./lead-modal').then((m) => ({ default: m.LeadModal })));

/** Listens for the openLeadModal window event and shows the consultation form. */
export function LeadModalHost({ businessEmail }: { businessEmail: string }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [planId, setPlanId] = useState<string | undefined>();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      setPlanId(
        event instanceof CustomEvent
          ? (event.detail as LeadModalRequest | null)?.planId
          : undefined,
      );
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setRequested(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_LEAD_MODAL_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LEAD_MODAL_EVENT, onOpen);
  }, []);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LeadModal
        open={open}
        onOpenChange={setOpen}
        opener={opener}
        businessEmail={businessEmail}
        planId={planId}
      />
    </Suspense>
  );
}

import { useEffect } from 'react';

/**
 * A page left for Stripe can come back from the browser's back-forward cache exactly as it
 * was left, its button still saying "Opening checkout…": `reset` makes it usable again.
 */
export function useResetWhenShownAgain(reset: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}

import { useEffect } from 'react';

/**
 * Whether a mutation that sends the browser to Stripe is on its way there: pending, or done
 * and the page about to be left (no second session from a second click). A page left for
 * Stripe can come back from the browser's back-forward cache exactly as it was left; the
 * mutation is reset then, so its button is usable again.
 */
export function useLeavingForStripe(mutation: {
  isPending: boolean;
  isSuccess: boolean;
  reset: () => void;
}): boolean {
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return mutation.isPending || mutation.isSuccess;
}

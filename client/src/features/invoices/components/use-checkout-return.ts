import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast';

/** How long the portal waits for Stripe's webhook before it stops asking. */
const POLL_FOR_MS = 30_000;

/**
 * Back from Stripe Checkout (?payment=success|cancelled&invoice=ID): says so once, takes the
 * parameters out of the address (a reload does not say it again), and while a paid invoice
 * is not yet marked paid (the webhook is on its way) names it, so the list polls for it.
 */
export function useCheckoutReturn(isPaid: (invoiceId: string) => boolean): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('payment');
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === 'success') {
      toast({
        title: 'Payment received, thank you.',
        description: 'Your invoice shows Paid as soon as the payment is confirmed.',
      });
      setAwaiting(params.get('invoice'));
    } else if (outcome === 'cancelled') {
      toast({ title: 'Payment cancelled: nothing was charged.' });
    }
    params.delete('payment');
    params.delete('invoice');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  useEffect(() => {
    if (!awaiting) return;
    const stop = window.setTimeout(() => setAwaiting(null), POLL_FOR_MS);
    return () => window.clearTimeout(stop);
  }, [awaiting]);

  return awaiting && !isPaid(awaiting) ? awaiting : null;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { paymentSettingsQueryOptions } from '../api/get-payment-settings';

/** How long the portal waits for Stripe's webhook before it stops asking. */
export const CONFIRMATION_WAIT_MS = 30_000;

/**
 * Back from Stripe Checkout on the portal (?payment=success|cancelled&invoice=ID): says so
 * once and takes the parameters out of the address, so a reload does not say it again.
 * After a payment it names the invoice for up to 30 s, for the billing history to poll until
 * Stripe's webhook has marked it paid; `paymentConfirmed` ends that wait.
 */
export function useCheckoutReturn(): {
  awaitingPaymentOf: string | null;
  paymentConfirmed: () => void;
} {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState<string | null>(null);
  // React runs effects twice in development: one toast per return all the same.
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('payment');
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === 'success') {
      toast({
        title: 'Payment received, thank you.',
        description: 'Your invoice will show as Paid in a moment.',
      });
      setAwaiting(params.get('invoice'));
    } else if (outcome === 'cancelled') {
      toast({ title: 'Payment canceled: nothing was charged.' });
    }
    params.delete('payment');
    params.delete('invoice');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  useEffect(() => {
    if (!awaiting) return;
    const stop = window.setTimeout(() => setAwaiting(null), CONFIRMATION_WAIT_MS);
    return () => window.clearTimeout(stop);
  }, [awaiting]);

  const paymentConfirmed = useCallback(() => {
    setAwaiting(null);
    // The webhook that marked the invoice paid also saved the card (Payment card, auto-pay).
    void queryClient.invalidateQueries({ queryKey: paymentSettingsQueryOptions().queryKey });
  }, [queryClient]);

  return { awaitingPaymentOf: awaiting, paymentConfirmed };
}

import { CreditCard } from 'lucide-react';
import { formatCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { usePayInvoice } from '../api/pay-invoice';
import { useLeavingForStripe } from './use-leaving-for-stripe';

/** Opens Stripe Checkout for one of the signed-in client's invoices. */
export function PayNowButton({
  invoiceId,
  invoiceNumber,
  balance,
}: {
  invoiceId: string;
  invoiceNumber: string;
  balance: number;
}) {
  const pay = usePayInvoice();
  // Held after success too, until the browser has left for Stripe: a second click would
  // open a second Checkout session.
  const opening = useLeavingForStripe(pay);
  return (
    <Button
      size="sm"
      disabled={opening}
      // The visible words first (label in name), then which invoice and how much.
      aria-label={`${opening ? 'Opening checkout' : 'Pay now'}: ${formatCents(balance)} for ${invoiceNumber}`}
      onClick={() => pay.mutate(invoiceId)}
    >
      <CreditCard className="h-4 w-4" aria-hidden="true" />
      {opening ? 'Opening checkout…' : 'Pay now'}
    </Button>
  );
}

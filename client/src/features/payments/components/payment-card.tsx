import { CreditCard } from 'lucide-react';
import { useId } from 'react';
import type { SavedCard } from '@shared/schemas/payments';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { usePaymentSettings } from '../api/get-payment-settings';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { useLeavingForStripe } from './use-leaving-for-stripe';

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa ending in 4242, expires 12/2029". */
export function describeCard(card: SavedCard): string {
  const brand = BRANDS[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const month = String(card.expMonth).padStart(2, '0');
  return `${brand} ending in ${card.last4}, expires ${month}/${card.expYear}`;
}

function AutoPaySwitch({ on, disabled }: { on: boolean; disabled: boolean }) {
  const update = useUpdatePaymentSettings();
  const label = useId();
  const hint = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={label} className="font-medium">
          Automatic payment
        </p>
        <p id={hint} className="text-sm text-muted-foreground">
          Renewal invoices are charged to this card on their due date.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={label}
        aria-describedby={hint}
        disabled={disabled || update.isPending}
        onClick={() => update.mutate({ autoPay: !on })}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          on ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-background shadow transition-transform',
            on ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/** The portal's Payment section (card payment on): the saved card, changing it, auto-pay. */
export function PaymentCard() {
  const settings = usePaymentSettings();
  const portal = useOpenBillingPortal();
  // Held after success too, until the browser has left for Stripe's portal.
  const opening = useLeavingForStripe(portal);
  if (settings.isLoading) return <Skeleton className="h-40 w-full" />;
  const data = settings.data;
  // Without card payment there is no card to show; the billing history says how to pay.
  if (!data?.onlinePayments) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-center gap-2">
          <CreditCard className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          {data.card
            ? describeCard(data.card)
            : 'No card saved yet. Pay an invoice by card and the card is kept for your renewals.'}
        </p>
        {data.card && (
          <Button variant="outline" disabled={opening} onClick={() => portal.mutate()}>
            {opening ? 'Opening…' : 'Update card'}
          </Button>
        )}
        <AutoPaySwitch on={Boolean(data.card) && data.autoPay} disabled={!data.card} />
      </CardContent>
    </Card>
  );
}

import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import type { Payment } from '@shared/schemas/payments';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';

/** "In payout po_… (Dec 3, 2026)": the Stripe payout a card payment reached the bank in. */
export function PaymentPayout({ payout }: { payout: Payment['payout'] }) {
  if (!payout) return null;
  return (
    <span className="block break-words text-sm text-muted-foreground">
      In payout{' '}
      <Link
        href={paths.admin.payout(payout.payoutId)}
        className="break-all text-primary hover:underline"
      >
        {payout.payoutId}
      </Link>{' '}
      ({formatDate(payout.arrivalDate)}
      {payout.status === 'failed' ? ', failed' : ''}), fee {formatCents(payout.fee)}
    </span>
  );
}

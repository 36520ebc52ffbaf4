import { formatPlanPrice } from '@shared/plans';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDate } from '../../lib/format';
import type { Send } from '../mail/mail.service';

/** What a subscriber is told when the agency moves them to their plan's current price. */
export interface PriceChangeNotice {
  userId: string;
  planName: string;
  price: number;
  previousPrice: number;
  /** The start of the first period billed at the new price. */
  from: Date;
}

/** To the client: their plan's price changes from a renewal at least the notice away. */
export function priceChangeEmail(
  brand: EmailBrand,
  notice: Omit<PriceChangeNotice, 'userId'>,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const from = displayDate(notice.from, brand.timeZone);
  return renderEmail(
    brand,
    `Your ${notice.planName} plan will be ${formatPlanPrice(notice.price)} from ${from}`,
    [
      `From ${from}, your ${notice.planName} plan will be ${formatPlanPrice(notice.price)} (it is ${formatPlanPrice(notice.previousPrice)} today).`,
      `The renewal invoice for the period that starts on ${from} is the first to bill the new price; nothing changes before then.`,
      'Questions? Just reply to this e-mail.',
    ],
    { href: `${appUrl}/portal`, label: 'See your plan in your portal' },
  );
}

/** The plans' e-mails, sent in the background (the caller's change is already saved). */
export function createPlanEmails(send: Send) {
  return {
    priceChanged(notice: PriceChangeNotice): void {
      send.inBackground(
        'plan-price-changed',
        ({ brand, client, appUrl }) =>
          client?.email
            ? { to: client.email, ...priceChangeEmail(brand, notice, { appUrl }) }
            : null,
        notice.userId,
      );
    },
  };
}
export type PlanEmails = ReturnType<typeof createPlanEmails>;

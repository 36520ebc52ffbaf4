import type { InvoiceStatus } from '@shared/schemas/invoices';
import type { SiteStatus } from '@shared/schemas/sites';
import type { SubscriptionStatus } from '@shared/schemas/subscriptions';
import type { TicketStatus } from '@shared/schemas/tickets';
import { Badge, type BadgeProps } from './badge';

/** How a status reads and looks: the same words, casing and colors in the admin panel and the portal. */
export interface StatusLook {
  label: string;
  variant: BadgeProps['variant'];
}

/**
 * An invoice's status. To the client a sent invoice is "Due" (it is theirs to pay); to the
 * agency it is "Sent". Everything else reads the same for both.
 */
export const INVOICE_STATUS_LOOK: Record<InvoiceStatus, StatusLook & { clientLabel?: string }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  sent: { label: 'Sent', clientLabel: 'Due', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'destructive' },
  void: { label: 'Void', variant: 'outline' },
};

/**
 * A sent invoice that payments cover in part: its status stays "sent" (it still takes
 * payments), but both panels call it "Partly paid". An overdue one stays "Overdue".
 */
export const PARTLY_PAID_LOOK: StatusLook = { label: 'Partly paid', variant: 'warning' };

/** What an invoice's badge says and looks like, its payments so far considered. */
export function invoiceStatusLook(
  invoice: { status: InvoiceStatus; total: number; amountPaid: number },
  audience: 'agency' | 'client' = 'agency',
): StatusLook {
  if (invoice.status === 'sent' && invoice.amountPaid > 0 && invoice.amountPaid < invoice.total)
    return PARTLY_PAID_LOOK;
  const look = INVOICE_STATUS_LOOK[invoice.status];
  return {
    label: (audience === 'client' && look.clientLabel) || look.label,
    variant: look.variant,
  };
}

export const SUBSCRIPTION_STATUS_LOOK: Record<SubscriptionStatus, StatusLook> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};

/** A ticket's status: the same words in the support list, the ticket and the portal. */
export const TICKET_STATUS_LOOK: Record<TicketStatus, StatusLook> = {
  open: { label: 'Open', variant: 'warning' },
  in_progress: { label: 'In progress', variant: 'secondary' },
  waiting_on_client: { label: 'Waiting on client', variant: 'outline' },
  resolved: { label: 'Resolved', variant: 'success' },
};

/**
 * A watched website's status, as both panels word it; a paused site is "Paused" whatever its
 * last status was.
 */
export const SITE_STATUS_LOOK: Record<SiteStatus | 'paused', StatusLook> = {
  up: { label: 'Up', variant: 'success' },
  down: { label: 'Down', variant: 'destructive' },
  unknown: { label: 'Not checked yet', variant: 'secondary' },
  paused: { label: 'Paused', variant: 'outline' },
};

/** A subscription's status as a badge. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { label, variant } = SUBSCRIPTION_STATUS_LOOK[status];
  return <Badge variant={variant}>{label}</Badge>;
}

import type { InvoiceStatus } from '@shared/schemas/invoices';
import { Badge } from '@/components/ui/badge';
import { INVOICE_STATUS_LOOK } from '@/components/ui/status-badge';

/**
 * An invoice's status as a badge, from the mapping both panels share; `audience="client"` for
 * the portal's word for a sent invoice ("Due").
 */
export function InvoiceStatusBadge({
  status,
  audience = 'agency',
}: {
  status: InvoiceStatus;
  audience?: 'agency' | 'client';
}) {
  const look = INVOICE_STATUS_LOOK[status];
  return (
    <Badge variant={look.variant}>
      {audience === 'client' ? (look.clientLabel ?? look.label) : look.label}
    </Badge>
  );
}

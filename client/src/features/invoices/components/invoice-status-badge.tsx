import type { InvoiceStatus } from '@shared/schemas/invoices';
import { Badge } from '@/components/ui/badge';
import { invoiceStatusLook } from '@/components/ui/status-badge';

/**
 * An invoice's status as a badge, from the mapping both panels share: "Partly paid" for a
 * sent invoice its payments cover in part; `audience="client"` for the portal's word for a
 * sent invoice ("Due").
 */
export function InvoiceStatusBadge({
  invoice,
  audience = 'agency',
}: {
  invoice: { status: InvoiceStatus; total: number; amountPaid: number };
  audience?: 'agency' | 'client';
}) {
  const { label, variant } = invoiceStatusLook(invoice, audience);
  return <Badge variant={variant}>{label}</Badge>;
}

import type { InvoiceStatus } from '@shared/schemas/invoices';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANT: Record<InvoiceStatus, BadgeProps['variant']> = {
  draft: 'secondary',
  sent: 'warning',
  paid: 'success',
  overdue: 'destructive',
  void: 'outline',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={VARIANT[status]} className="capitalize">
      {status}
    </Badge>
  );
}

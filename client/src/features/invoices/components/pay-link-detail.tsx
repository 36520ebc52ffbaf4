import { useState } from 'react';
import type { InvoiceDetail } from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { Detail } from '@/components/ui/detail';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useRevokePayLink } from '../api/revoke-pay-link';

/**
 * The invoice's pay link, once one is out, as the owner sees it: until when it works, and
 * 'Revoke' (for a link sent to the wrong person, or forwarded too far).
 */
export function PayLinkDetail({
  invoiceId,
  payLink,
}: {
  invoiceId: string;
  payLink: NonNullable<InvoiceDetail['payLink']>;
}) {
  const revoke = useRevokePayLink();
  const [confirming, setConfirming] = useState(false);
  const revokeNow = () =>
    revoke.mutate(invoiceId, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Pay link revoked',
          description:
            'The link stops working now. The next e-mail about this invoice carries a new one.',
        });
      },
    });
  return (
    <Detail label="Pay link">
      <span className="flex flex-wrap items-center gap-x-2">
        {payLink.expiresAt ? `Works until ${formatDateTime(payLink.expiresAt)}` : 'Out'}
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-destructive"
          aria-label="Revoke pay link"
          onClick={() => setConfirming(true)}
        >
          Revoke
        </Button>
      </span>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke the pay link?"
        description="Anyone holding the link, in an e-mail or a PDF, can no longer open the invoice or pay it. A payment page opened from it is closed. The next e-mail about this invoice carries a new link."
        confirmLabel="Revoke pay link"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={revokeNow}
      />
    </Detail>
  );
}

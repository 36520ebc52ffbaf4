import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSetupChecklist } from '@/features/dashboard/public';
import { paths } from '@/lib/paths';

/**
 * Sending an invoice when it cannot say how to pay (no payment instructions in Settings and no
 * card payments) waits for the admin to confirm: the invoice page's Send buttons and the
 * list's Send go through this one check. `askFirst(send)` sends at once when there is a way
 * to pay, else opens the dialog, which sends on "Send anyway".
 */
export function useNoWayToPayConfirm() {
  const setup = useSetupChecklist();
  const noWayToPay =
    setup.data?.steps.some((step) => step.step === 'payments' && !step.done) ?? false;
  const [pendingSend, setPendingSend] = useState<(() => void) | null>(null);
  const askFirst = useCallback(
    (send: () => void) => (noWayToPay ? setPendingSend(() => send) : send()),
    [noWayToPay],
  );
  const dialog = {
    open: pendingSend !== null,
    onCancel: () => setPendingSend(null),
    onConfirm: () => {
      pendingSend?.();
      setPendingSend(null);
    },
  };
  return { askFirst, dialog };
}

/** The question `useNoWayToPayConfirm` asks; `pending` while a send is on its way. */
export function NoWayToPayDialog({
  open,
  onCancel,
  onConfirm,
  pending,
}: ReturnType<typeof useNoWayToPayConfirm>['dialog'] & { pending: boolean }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Send without a way to pay?"
      description={
        <>
          There are no payment instructions and no card payments (Stripe), so this invoice will not
          tell the client how to pay.{' '}
          <Link href={paths.admin.settings()} className="font-medium text-primary underline">
            Add payment instructions in Settings
          </Link>
        </>
      }
      confirmLabel="Send anyway"
      pendingLabel="Sending..."
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

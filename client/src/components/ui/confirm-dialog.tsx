import type { ReactNode } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './dialog';

/**
 * Asks before an action that cannot be taken back: what will happen, a way out (which has
 * the focus first, as Radix gives it to the first button), and the action, showing its work
 * while pending.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  confirmVariant = 'destructive',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** An action that restores something (a reactivation) is not drawn as a danger. */
  confirmVariant?: 'destructive' | 'default';
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogActions
          cancelLabel={cancelLabel}
          label={confirmLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          variant={confirmVariant}
          onClick={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog's buttons: a way out that closes it, then its action, which says it is working
 * while pending. The action submits the dialog's form, or runs `onClick` when there is none.
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  label,
  pendingLabel,
  pending,
  variant = 'default',
  onClick,
}: {
  cancelLabel?: string;
  label: string;
  pendingLabel: string;
  pending: boolean;
  variant?: 'destructive' | 'default';
  onClick?: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button
        type={onClick ? 'button' : 'submit'}
        variant={variant}
        disabled={pending}
        onClick={onClick}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

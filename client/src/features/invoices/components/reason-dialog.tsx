import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { VoidInvoiceSchema, type VoidInvoice } from '@shared/schemas/invoices';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/form-field';

/**
 * Asks why before a correction that stays on record (voiding an invoice or a payment): the
 * reason is required, told to the client and kept in the audit log.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  schema,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  /** VoidInvoiceSchema or VoidPaymentSchema: the route's own rule and message. */
  schema: typeof VoidInvoiceSchema;
}) {
  const form = useForm<VoidInvoice>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (!open) form.reset({ reason: '' });
  }, [open, form]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(({ reason }) => onConfirm(reason))}
        >
          <TextareaField
            label="Reason"
            rows={3}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <DialogActions
            label={confirmLabel}
            pendingLabel={pendingLabel}
            pending={pending}
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

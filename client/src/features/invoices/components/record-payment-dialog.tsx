import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { centsToDollars, formatCents } from '@shared/money';
import { invoiceName, type Invoice } from '@shared/schemas/invoices';
import {
  balanceDue,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  RecordPaymentFormSchema,
  type RecordPayment,
  type RecordPaymentFormValues,
} from '@shared/schemas/payments';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, SelectField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { businessToday } from '@/lib/dates';
import { useRecordPayment } from '../api/record-payment';

function RecordPaymentForm({
  invoice,
  today,
  onRecorded,
}: {
  invoice: Invoice;
  today: Date;
  onRecorded: () => void;
}) {
  const record = useRecordPayment();
  const form = useForm<RecordPaymentFormValues, unknown, RecordPayment>({
    resolver: zodResolver(RecordPaymentFormSchema),
    // Most payments settle the invoice: the balance is the likeliest amount.
    defaultValues: {
      amount: centsToDollars(balanceDue(invoice)),
      method: 'bank_transfer',
      paidOn: businessToday(today),
      reference: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((payment) =>
    record.mutate(
      { id: invoice.id, payment },
      {
        onSuccess: (detail) => {
          onRecorded();
          toast({
            title: `Payment of ${formatCents(payment.amount)} recorded`,
            description:
              detail.invoice.status === 'paid'
                ? `Invoice ${invoiceName(detail.invoice)} is paid.`
                : `${formatCents(balanceDue(detail.invoice))} is still due on ${invoiceName(detail.invoice)}.`,
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Amount"
        type="number"
        min={0.01}
        step={0.01}
        inputMode="decimal"
        hint="In dollars."
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <SelectField label="Method" error={errors.method?.message} {...form.register('method')}>
        {MANUAL_PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {PAYMENT_METHOD_LABELS[method]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Date received"
        type="date"
        error={errors.paidOn?.message}
        {...form.register('paidOn')}
      />
      <FormField
        label="Reference (optional)"
        autoComplete="off"
        hint="A check number or a transfer id."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
      <DialogActions
        label="Record payment"
        pendingLabel="Recording..."
        pending={record.isPending}
      />
    </form>
  );
}

/**
 * A payment received outside Stripe (bank transfer, check, cash), recorded by the admin. The
 * form is built afresh each time the dialog opens, so it starts from the balance due then.
 */
export function RecordPaymentDialog({
  invoice,
  open,
  onOpenChange,
  today = new Date(),
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today?: Date;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>
            {invoiceName(invoice)} for {invoice.clientName}: {formatCents(balanceDue(invoice))} due.
            The invoice is paid once its payments cover the total.
          </DialogDescription>
        </DialogHeader>
        <RecordPaymentForm invoice={invoice} today={today} onRecorded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

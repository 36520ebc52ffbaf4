import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { centsToDollars, dollarsToCents, formatCents } from '@shared/money';
import {
  creditNoteName,
  IssueCreditNoteFormSchema,
  type Creditable,
  type IssueCreditNote,
  type IssueCreditNoteFormValues,
} from '@shared/schemas/credit-notes';
import { invoiceName, type Invoice } from '@shared/schemas/invoices';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useIssueCreditNote } from '../api/issue-credit-note';

/** What happens to the money of a credit note of `cents`, as the confirm button will do it. */
export function refundNotice(cents: number | null, creditable: Creditable): string {
  if (cents === null || cents <= 0) return 'Enter the amount to credit.';
  const byCard = Math.min(cents, creditable.cardRefundable);
  const byHand = cents - byCard;
  if (byHand === 0) {
    return `A card refund of ${formatCents(byCard)} will be made through Stripe to the card the client paid with.`;
  }
  if (byCard === 0) {
    return `No card refund will be made: the invoice was not paid by card through Stripe. Return ${formatCents(byHand)} to the client yourself.`;
  }
  return `A card refund of ${formatCents(byCard)} will be made through Stripe; return the other ${formatCents(byHand)} to the client yourself.`;
}

function IssueCreditNoteForm({
  invoice,
  creditable,
  onIssued,
}: {
  invoice: Invoice;
  creditable: Creditable;
  onIssued: () => void;
}) {
  const issue = useIssueCreditNote();
  // The server's limit checked here first, so the admin is told before anything is sent.
  const schema = useMemo(
    () =>
      IssueCreditNoteFormSchema.refine(
        ({ amountCents }) => (amountCents ?? 0) <= creditable.remaining,
        {
          message: `At most ${formatCents(creditable.remaining)} can still be credited`,
          path: ['amount'],
        },
      ),
    [creditable.remaining],
  );
  const form = useForm<IssueCreditNoteFormValues, unknown, IssueCreditNote>({
    resolver: zodResolver(schema),
    // Most corrections give everything back: what is left is the likeliest amount.
    defaultValues: { amount: centsToDollars(creditable.remaining), reason: '' },
  });
  const { errors } = form.formState;
  const typed = form.watch('amount');
  const notice = refundNotice(dollarsToCents(typed ?? ''), creditable);

  const onSubmit = form.handleSubmit((input) =>
    issue.mutate(
      { id: invoice.id, input },
      {
        onSuccess: (issued) => {
          onIssued();
          toast({
            title: `${creditNoteName(issued.creditNote)} issued`,
            description: issued.message,
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Amount to credit"
        type="number"
        min={0.01}
        step={0.01}
        inputMode="decimal"
        hint={`In dollars, at most ${formatCents(creditable.remaining)}.`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextareaField
        label="Reason"
        rows={3}
        hint="Printed on the credit note and e-mailed to the client."
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <p
        className="rounded-md border bg-muted/40 p-3 text-sm"
        aria-live="polite"
        data-testid="credit-note-refund"
      >
        {notice}
      </p>
      <DialogActions
        label="Issue credit note"
        pendingLabel="Issuing..."
        pending={issue.isPending}
      />
    </form>
  );
}

/**
 * A paid invoice corrected: part or all of what was paid is credited, with a reason. The
 * form is built afresh each time the dialog opens, so it starts from what is left then, and
 * says before confirming whether the card will be refunded through Stripe.
 */
export function IssueCreditNoteDialog({
  invoice,
  creditable,
  open,
  onOpenChange,
}: {
  invoice: Invoice;
  creditable: Creditable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Issue credit note</DialogTitle>
          <DialogDescription>
            {invoiceName(invoice)} for {invoice.clientName}: {formatCents(creditable.remaining)} of
            the {formatCents(invoice.amountPaid)} paid can still be credited. The invoice stays
            paid; the client is e-mailed the credit note as a PDF.
          </DialogDescription>
        </DialogHeader>
        <IssueCreditNoteForm
          invoice={invoice}
          creditable={creditable}
          onIssued={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

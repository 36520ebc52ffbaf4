import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatCents } from '@shared/money';
import { creditNoteName, type CreditNote } from '@shared/schemas/credit-notes';
import type { z } from 'zod';
import { RefundByHandSchema, type RefundByHand } from '@shared/schemas/statements';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { businessToday } from '@/lib/dates';
import { useRefundByHand } from '../api/refund-by-hand';

function RefundByHandForm({ note, onDone }: { note: CreditNote; onDone: () => void }) {
  const record = useRefundByHand();
  const form = useForm<z.input<typeof RefundByHandSchema>, unknown, RefundByHand>({
    resolver: zodResolver(RefundByHandSchema),
    defaultValues: { date: businessToday(), reference: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    record.mutate(
      { id: note.id, input },
      {
        onSuccess: () => {
          onDone();
          toast({ title: `${creditNoteName(note)}: returned by hand recorded` });
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Day returned"
        type="date"
        error={errors.date?.message}
        {...form.register('date')}
      />
      <FormField
        label="Reference"
        hint="The check number or transfer reference, as the client will see it on their statement."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
      <DialogActions label="Record" pendingLabel="Recording..." pending={record.isPending} />
    </form>
  );
}

/** "Returned by hand": the rest of a credit note given back outside the product. */
export function RefundByHandDialog({
  note,
  open,
  onOpenChange,
}: {
  note: CreditNote;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Returned by hand</DialogTitle>
          <DialogDescription>
            {creditNoteName(note)}: {formatCents(note.amount - note.refundAmount)} given back to the
            client outside the product (a check, a transfer). It is then no longer held as their
            credit.
          </DialogDescription>
        </DialogHeader>
        <RefundByHandForm note={note} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

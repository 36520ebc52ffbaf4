import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DeclineProposalSchema, type DeclineProposal } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api-request';
import { proposalQueryOptions } from '../api/get-proposal';
import { useDeclineProposal } from '../api/sign-proposal';

/**
 * "Decline" under the form: asks to confirm, with an optional reason the agency reads on the
 * proposal's timeline. Declined (or signed, or expired meanwhile), the page shows it.
 */
export function DeclineProposalButton({
  token,
  agencyName,
}: {
  token: string;
  agencyName: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const decline = useDeclineProposal(token);
  const form = useForm<DeclineProposal>({
    resolver: zodResolver(DeclineProposalSchema),
    defaultValues: { reason: '' },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset({ reason: '' });
      setFailure(null);
    }
  };

  const onSubmit = ({ reason }: DeclineProposal) => {
    setFailure(null);
    decline.mutate(reason, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 409 || error.status === 410)) {
          // Signed, declined or expired meanwhile: the page shows which.
          setOpen(false);
          void queryClient.invalidateQueries({ queryKey: proposalQueryOptions(token).queryKey });
          return;
        }
        setFailure(errorMessage(error, 'The proposal could not be declined. Please try again.'));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button
        type="button"
        variant="outline"
        className="print:hidden"
        onClick={() => setOpen(true)}
      >
        Decline
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline this proposal?</DialogTitle>
          <DialogDescription>
            {agencyName} will be told. You can say why, if you like.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
          <TextareaField
            label="Reason (optional)"
            rows={3}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          <DialogActions
            label="Decline proposal"
            pendingLabel="Declining…"
            pending={decline.isPending}
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

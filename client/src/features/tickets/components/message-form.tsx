import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TicketMessageSchema, type TicketMessage } from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-field';

/**
 * A message for a ticket (the client's reply, the agency's answer). Cleared only once the
 * message is sent; a failure keeps what was typed.
 */
export function MessageForm({
  label,
  submitLabel,
  pending,
  onSend,
  extra,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  /** Sends the message; `sent` clears the form, so a failure keeps what was typed. */
  onSend: (message: string, sent: () => void) => void;
  /** More controls beside the button (the admin's status choice). */
  extra?: ReactNode;
}) {
  const form = useForm<TicketMessage>({
    resolver: zodResolver(TicketMessageSchema),
    defaultValues: { message: '' },
  });
  const onSubmit = form.handleSubmit(({ message }) => onSend(message, () => form.reset()));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextareaField
        label={label}
        rows={4}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <div className="flex flex-wrap items-end justify-end gap-3">
        {extra}
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

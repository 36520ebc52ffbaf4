import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TicketMessageSchema, type RefusedFile, type TicketMessage } from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-field';
import { clearDraft, readDraft, saveDraft } from '@/lib/drafts';
import { FilePicker } from './file-picker';

/**
 * A message for a ticket (the client's reply, the agency's answer). Cleared only once the
 * message is sent; a failure keeps what was typed. With a `draftKey`, what is typed is also
 * kept as a draft while typing, so a reply survives the session ending (a 401 on sending, the
 * sign-in that follows) and is back in the form when the page opens again. Files go with it;
 * those the server refused are listed under the picker once the message is sent.
 */
export function MessageForm({
  label,
  submitLabel,
  pending,
  onSend,
  extra,
  draftKey,
  initialRefused = [],
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  /**
   * Sends the message and its files; `sent` clears the form (and the draft) and shows the
   * files the server refused, so a failure keeps everything.
   */
  onSend: (message: string, sent: (refused: RefusedFile[]) => void, files: File[]) => void;
  /** More controls beside the button (the admin's status choice). */
  extra?: ReactNode;
  /** Where the unsent text is kept: one per ticket and side ('ticket-reply:client:{id}'). */
  draftKey?: string;
  /** Files refused before this form was shown (those of the request just created). */
  initialRefused?: RefusedFile[];
}) {
  const form = useForm<TicketMessage>({
    resolver: zodResolver(TicketMessageSchema),
    defaultValues: { message: draftKey ? readDraft(draftKey) : '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>(initialRefused);
  const onSubmit = form.handleSubmit(({ message }) =>
    onSend(
      message,
      (refusedByServer) => {
        if (draftKey) clearDraft(draftKey);
        form.reset({ message: '' });
        setFiles([]);
        setRefused(refusedByServer);
      },
      files,
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextareaField
        label={label}
        rows={4}
        error={form.formState.errors.message?.message}
        {...form.register('message', {
          onChange: (event: { target: { value: string } }) => {
            if (draftKey) saveDraft(draftKey, event.target.value);
          },
        })}
      />
      <FilePicker files={files} onChange={setFiles} refused={refused} onRefused={setRefused} />
      <div className="flex flex-wrap items-end justify-end gap-3">
        {extra}
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

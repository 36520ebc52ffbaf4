import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import {
  TicketMessageSchema,
  type RefusedFile,
  type RenamedFile,
  type TicketMessage,
} from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-field';
import { clearDraft, readDraft, saveDraft } from '@/lib/drafts';
import { FilePicker } from './file-picker';

/** Tells the form its message was sent, with the files the server refused or renamed. */
export type FilesSent = (byServer: { refused: RefusedFile[]; renamed: RenamedFile[] }) => void;

/** What a tool beside the message box (the saved replies) may do with it. */
export interface MessageEditor {
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Puts `text` where the cursor is (all of it when the box is empty) and focuses the box. */
  insert(text: string): void;
}

/**
 * A message for a ticket (the client's reply, the agency's answer). Cleared only once the
 * message is sent; a failure keeps what was typed. With a `draftKey`, what is typed is also
 * kept as a draft while typing, so a reply survives the session ending (a 401 on sending, the
 * sign-in that follows) and is back in the form when the page opens again. Files go with it;
 * those the server refused or renamed are listed under the picker once the message is sent.
 */
export function MessageForm({
  label,
  submitLabel,
  pending,
  onSend,
  extra,
  draftKey,
  initialRefused = [],
  initialRenamed = [],
  tools,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  /**
   * Sends the message and its files; `sent` clears the form (and the draft) and shows the
   * files the server refused or renamed, so a failure keeps everything.
   */
  onSend: (message: string, sent: FilesSent, files: File[]) => void;
  /** More controls beside the button (the admin's status choice). */
  extra?: ReactNode;
  /** Where the unsent text is kept: one per ticket and side ('ticket-reply:client:{id}'). */
  draftKey?: string;
  /** Files refused before this form was shown (those of the request just created). */
  initialRefused?: RefusedFile[];
  /** Files renamed before this form was shown (those of the request just created). */
  initialRenamed?: RenamedFile[];
  /** Tools that write into the box (the agency's saved replies), shown above it. */
  tools?: (editor: MessageEditor) => ReactNode;
}) {
  const form = useForm<TicketMessage>({
    resolver: zodResolver(TicketMessageSchema),
    defaultValues: { message: draftKey ? readDraft(draftKey) : '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>(initialRefused);
  const [renamed, setRenamed] = useState<RenamedFile[]>(initialRenamed);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerRef, ...message } = form.register('message', {
    onChange: (event: { target: { value: string } }) => {
      if (draftKey) saveDraft(draftKey, event.target.value);
    },
  });
  const setRefs = useCallback(
    (element: HTMLTextAreaElement | null) => {
      textarea.current = element;
      registerRef(element);
    },
    [registerRef],
  );
  const editor = useMemo<MessageEditor>(
    () => ({
      textarea,
      insert(text) {
        const box = textarea.current;
        const current = form.getValues('message') ?? '';
        const start = box?.selectionStart ?? current.length;
        const end = box?.selectionEnd ?? current.length;
        const next = current.slice(0, start) + text + current.slice(end);
        form.setValue('message', next, { shouldDirty: true });
        if (draftKey) saveDraft(draftKey, next);
        if (box) {
          box.focus();
          box.setSelectionRange(start + text.length, start + text.length);
        }
      },
    }),
    [form, draftKey],
  );
  const onSubmit = form.handleSubmit(({ message }) =>
    onSend(
      message,
      (byServer) => {
        if (draftKey) clearDraft(draftKey);
        form.reset({ message: '' });
        setFiles([]);
        setRefused(byServer.refused);
        setRenamed(byServer.renamed);
      },
      files,
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {tools?.(editor)}
      <TextareaField
        label={label}
        rows={4}
        error={form.formState.errors.message?.message}
        {...message}
        ref={setRefs}
      />
      <FilePicker
        files={files}
        onChange={setFiles}
        refused={refused}
        onRefused={setRefused}
        renamed={renamed}
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

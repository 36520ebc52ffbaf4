import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  NewClientNoteSchema,
  type ClientDetail,
  type NewClientNote,
} from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useAddClientNote, useDeleteClientNote } from '../api/client-notes';

export function ClientNotes({
  clientId,
  notes,
}: {
  clientId: string;
  notes: ClientDetail['notes'];
}) {
  const add = useAddClientNote(clientId);
  const remove = useDeleteClientNote(clientId);
  const form = useForm<NewClientNote>({
    resolver: zodResolver(NewClientNoteSchema),
    defaultValues: { body: '' },
  });
  const onSubmit = form.handleSubmit((note) =>
    add.mutate(note, {
      onSuccess: () => {
        form.reset({ body: '' });
        toast({ title: 'Note added' });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Private notes</CardTitle>
        <p className="text-sm text-muted-foreground">Only the agency sees these.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Add a note">
          <TextareaField
            label="New note"
            rows={3}
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Add note'}
          </Button>
        </form>
        {notes.length > 0 && (
          <ul className="divide-y">
            {notes.map((note) => (
              <li key={note.id} className="space-y-1 py-3">
                <p className="whitespace-pre-wrap break-words text-sm">{note.body}</p>
                <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                  <span>
                    {formatDateTime(note.createdAt)}
                    {note.authorEmail && ` · ${note.authorEmail}`}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm('Delete this note?')) remove.mutate(note.id);
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                    <span className="sr-only"> the note of {formatDateTime(note.createdAt)}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

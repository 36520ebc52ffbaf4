import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  SavedReplyInputSchema,
  type SavedReply,
  type SavedReplyInput,
} from '@shared/schemas/saved-replies';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import {
  useCreateSavedReply,
  useDeleteSavedReply,
  useSavedReplies,
  useUpdateSavedReply,
} from '../api/saved-replies';

const VARIABLES_HINT =
  '{{firstName}} is the client’s first name, {{ticketNumber}} the ticket’s number, {{portalLink}} the link to the ticket in their portal.';

function SavedReplyForm({ editing, onDone }: { editing: SavedReply | null; onDone: () => void }) {
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const form = useForm<SavedReplyInput>({
    resolver: zodResolver(SavedReplyInputSchema),
    values: editing ? { title: editing.title, body: editing.body } : { title: '', body: '' },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((values) => {
    const saved = () => {
      toast({ title: 'Saved Reply Saved', description: values.title });
      form.reset({ title: '', body: '' });
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, ...values }, { onSuccess: saved });
    else create.mutate(values, { onSuccess: saved });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextareaField
        label="Text"
        rows={4}
        hint={VARIABLES_HINT}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save Changes' : 'Add Saved Reply'}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** Settings: the saved replies the agency inserts in a ticket's reply box. */
export function SavedRepliesCard() {
  const replies = useSavedReplies({ pageSize: '100' });
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const items = replies.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Saved Replies</CardTitle>
        <CardDescription>
          Answers you give often. Insert one in a ticket&apos;s reply box with / or Alt+R.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {replies.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : replies.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The saved replies could not be loaded. Please reload the page.
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved replies yet.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {items.map((reply) => (
              <li key={reply.id} className="flex flex-wrap items-start justify-between gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{reply.title}</p>
                  <p className="line-clamp-2 whitespace-pre-wrap break-words text-sm text-muted-foreground">
                    {reply.body}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${reply.title}`}
                    onClick={() => setEditing(reply)}
                  >
                    Edit
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${reply.title}`}
                    onClick={() => setDeleting(reply)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <SavedReplyForm editing={editing} onDone={() => setEditing(null)} />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this saved reply?"
          description={`“${deleting?.title ?? ''}” will no longer be offered in the reply box.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() =>
            deleting &&
            remove.mutate(deleting.id, {
              onSuccess: () => {
                if (editing?.id === deleting.id) setEditing(null);
                setDeleting(null);
              },
            })
          }
        />
      </CardContent>
    </Card>
  );
}

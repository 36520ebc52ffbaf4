import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { CreateTicketSchema, type CreateTicket, type RefusedFile } from '@shared/schemas/tickets';
import { TICKET_KIND_LABELS, type TicketKind } from '@shared/schemas/updates';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreateTicket } from '@/features/tickets/api/create-ticket';
import { FilePicker } from '@/features/tickets/components/file-picker';
import { ResponsePromise } from '@/features/tickets/components/response-promise';
import { PortalPage } from '@/components/portal-page';
import { UpdatesMeterNote } from '@/features/updates/public';
import { paths } from '@/lib/paths';

/** The new ticket's kinds, the update first: it is what the plans sell. */
const KIND_CHOICES: ReadonlyArray<{ value: TicketKind; hint: string }> = [
  { value: 'update', hint: "A change to your website. It counts toward your plan's updates." },
  { value: 'question', hint: 'Something to ask, or something that does not work.' },
];

/** /portal/support/new. */
export function NewTicketPage() {
  const [, navigate] = useLocation();
  const createTicket = useCreateTicket();
  const form = useForm<z.input<typeof CreateTicketSchema>, unknown, CreateTicket>({
    resolver: zodResolver(CreateTicketSchema),
    defaultValues: { subject: '', description: '', priority: 'normal', kind: 'question' },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const priority = form.watch('priority') ?? 'normal';
  const kind = form.watch('kind') ?? 'question';

  // The files refused or renamed with the request are shown under the ticket's file field,
  // which the ticket's page opens with (history state).
  const onSubmit = form.handleSubmit((input) =>
    createTicket.mutate(
      { ...input, files },
      {
        onSuccess: (ticket) => {
          const notes = [
            ticket.refused.length ? `${ticket.refused.length} file(s) could not be attached.` : '',
            ticket.renamed.length
              ? `${ticket.renamed.length} file(s) were renamed to match what they contain.`
              : '',
          ].filter(Boolean);
          toast({
            title: 'Ticket Created',
            description: ['We will get back to you soon.', ...notes].join(' '),
          });
          navigate(paths.portal.ticket(ticket.id), {
            state: { refused: ticket.refused, renamed: ticket.renamed },
          });
        },
      },
    ),
  );

  return (
    <PortalPage
      back={{ href: paths.portal.support(), label: 'Back to Tickets' }}
      title="New Ticket"
    >
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">What do you need?</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {KIND_CHOICES.map(({ value, hint }) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <input
                      type="radio"
                      value={value}
                      className="mt-1 h-4 w-4 accent-primary"
                      aria-describedby={
                        errors.kind ? `kind-${value}-hint kind-error` : `kind-${value}-hint`
                      }
                      aria-invalid={errors.kind ? true : undefined}
                      {...form.register('kind')}
                    />
                    <span>
                      <span className="block text-sm font-medium">{TICKET_KIND_LABELS[value]}</span>
                      <span
                        id={`kind-${value}-hint`}
                        className="block text-xs text-muted-foreground"
                      >
                        {hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.kind && (
                <p id="kind-error" className="text-sm text-destructive">
                  {errors.kind.message}
                </p>
              )}
              <UpdatesMeterNote shown={kind === 'update'} />
            </fieldset>
            <FormField
              label="Subject"
              maxLength={255}
              error={errors.subject?.message}
              {...form.register('subject')}
            />
            <SelectField
              label="Priority"
              error={errors.priority?.message}
              {...form.register('priority')}
            >
              <option value="low">Low</option>
              <option value="normal">Normal</option>
              <option value="high">High</option>
            </SelectField>
            <TextareaField
              label="Description"
              rows={6}
              hint="At least 10 characters. Tell us what you need and where on your site."
              error={errors.description?.message}
              {...form.register('description')}
            />
            <FilePicker
              files={files}
              onChange={setFiles}
              refused={refused}
              onRefused={setRefused}
            />
            <ResponsePromise priority={priority} />
            <div className="flex justify-end gap-3">
              <Button variant="outline" asChild>
                <Link href={paths.portal.support()}>Cancel</Link>
              </Button>
              <Button type="submit" disabled={createTicket.isPending}>
                {createTicket.isPending ? 'Submitting...' : 'Submit'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </PortalPage>
  );
}

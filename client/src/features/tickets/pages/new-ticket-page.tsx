import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { CreateTicketSchema, type CreateTicket, type RefusedFile } from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreateTicket } from '@/features/tickets/api/create-ticket';
import { FilePicker } from '@/features/tickets/components/file-picker';
import { ResponsePromise } from '@/features/tickets/components/response-promise';
import { PortalPage } from '@/components/portal-page';
import { paths } from '@/lib/paths';

/** /portal/support/new. */
export function NewTicketPage() {
  const [, navigate] = useLocation();
  const createTicket = useCreateTicket();
  const form = useForm<z.input<typeof CreateTicketSchema>, unknown, CreateTicket>({
    resolver: zodResolver(CreateTicketSchema),
    defaultValues: { subject: '', description: '', priority: 'normal' },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const priority = form.watch('priority') ?? 'normal';

  // The files refused with the request are shown under the ticket's file field, which the
  // ticket's page opens with (history state).
  const onSubmit = form.handleSubmit((input) =>
    createTicket.mutate(
      { ...input, files },
      {
        onSuccess: (ticket) => {
          toast({
            title: 'Ticket Created',
            description: ticket.refused.length
              ? `We will get back to you soon. ${ticket.refused.length} file(s) could not be attached.`
              : 'We will get back to you soon.',
          });
          navigate(paths.portal.ticket(ticket.id), { state: { refused: ticket.refused } });
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

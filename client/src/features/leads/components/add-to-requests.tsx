import { zodResolver } from '@hookform/resolvers/zod';
import { Check, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { NewConsultationSchema, type NewConsultation } from '@shared/schemas/consultations';
import type { Lead } from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useAddLeadToRequests } from '../api/add-lead-to-requests';
import { isCompleteRequest, requestFromLead } from '../lib/lead-request';
import { paths } from '@/lib/paths';

/**
 * 'Add to requests': the lead becomes a consultation request on /admin/requests, where the
 * agency follows it up and invites the client. A request is answered by e-mail, so a lead
 * without a usable address first asks for one in a small form holding what is known.
 */
export function AddToRequests({ lead }: { lead: Lead }) {
  const add = useAddLeadToRequests();
  const [asking, setAsking] = useState(false);
  const [added, setAdded] = useState(false);
  const prefilled = requestFromLead(lead);
  const form = useForm<NewConsultation>({
    resolver: zodResolver(NewConsultationSchema),
    defaultValues: prefilled,
  });
  const { errors } = form.formState;

  const send = (request: NewConsultation) =>
    add.mutate(request, {
      onSuccess: (created) => {
        setAdded(true);
        setAsking(false);
        toast({
          title: 'Added to requests',
          description: (
            <>
              {created.name} is a new consultation request.{' '}
              <Link href={paths.admin.requests()} className="font-medium underline">
                Open requests
              </Link>
            </>
          ),
        });
      },
    });

  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={added || add.isPending}
        onClick={() => (isCompleteRequest(prefilled) ? send(prefilled) : setAsking(true))}
      >
        {added ? (
          <Check className="h-4 w-4" aria-hidden="true" />
        ) : (
          <UserPlus className="h-4 w-4" aria-hidden="true" />
        )}
        {added ? 'Added to requests' : add.isPending && !asking ? 'Adding...' : 'Add to requests'}
      </Button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add to requests</DialogTitle>
            <DialogDescription>
              {lead.email
                ? 'Check the e-mail address: a request is answered by e-mail.'
                : 'This lead has no e-mail address. A request is answered by e-mail: add the address to write to.'}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4">
            <FormField label="Name *" error={errors.name?.message} {...form.register('name')} />
            <FormField
              label="Email *"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField label="Phone" error={errors.phone?.message} {...form.register('phone')} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={add.isPending}>
                {add.isPending ? 'Adding...' : 'Add request'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

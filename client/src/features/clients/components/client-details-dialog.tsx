import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ClientDetailsSchema,
  type ClientDetail,
  type ClientDetails,
} from '@shared/schemas/clients';
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
import { useUpdateClientDetails } from '../api/client-plan-actions';

const FIELDS = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['businessName', 'Business name', 'organization'],
  ['phoneNumber', 'Phone number', 'tel'],
] as const;

function formValues(profile: ClientDetail['profile']): ClientDetails {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    businessName: profile.businessName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  };
}

/** "Edit details" on the client page: the fields of the portal's Account Information form. */
export function ClientDetailsDialog({ profile }: { profile: ClientDetail['profile'] }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateClientDetails(profile.id);
  const form = useForm<z.input<typeof ClientDetailsSchema>, unknown, ClientDetails>({
    resolver: zodResolver(ClientDetailsSchema),
    values: formValues(profile),
  });

  const onSubmit = form.handleSubmit((details) =>
    update.mutate(details, {
      onSuccess: () => {
        toast({ title: 'Details Saved', description: "The client's details are updated." });
        setOpen(false);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(formValues(profile));
        setOpen(next);
      }}
    >
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit details
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit client details</DialogTitle>
          <DialogDescription>
            What the client sees in their portal&apos;s Account Information.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(([name, label, autoComplete]) => (
              <FormField
                key={name}
                label={label}
                autoComplete={autoComplete}
                error={form.formState.errors[name]?.message}
                {...form.register(name)}
              />
            ))}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

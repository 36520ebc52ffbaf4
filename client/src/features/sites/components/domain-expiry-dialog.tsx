import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@shared/zod';
import { UpdateSiteSchema, type AdminSite } from '@shared/schemas/sites';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { calendarDateOf, formatDate } from '@/lib/dates';
import { useUpdateSite } from '../api/update-site';

/** The PATCH's own rule for the date: 'YYYY-MM-DD', required here (clearing has its button). */
const DomainExpirySchema = z.object({
  domainExpiresOn: UpdateSiteSchema.shape.domainExpiresOn.unwrap().unwrap(),
});
type DomainExpiry = z.infer<typeof DomainExpirySchema>;

/**
 * The domain's expiry typed by hand, for a registry without RDAP (the registrar's date), or
 * cleared to hand it back to RDAP.
 */
export function DomainExpiryDialog({ site }: { site: AdminSite }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSite();
  const manual = site.domainExpirySource === 'manual';
  const form = useForm<DomainExpiry>({
    resolver: zodResolver(DomainExpirySchema),
    values: {
      domainExpiresOn: site.domainExpiresAt ? calendarDateOf(site.domainExpiresAt) : '',
    },
  });
  const save = (domainExpiresOn: string | null) =>
    update.mutate(
      { id: site.id, body: { domainExpiresOn } },
      {
        onSuccess: () => {
          toast({
            title: domainExpiresOn ? 'Domain Date Saved' : 'Domain Date Cleared',
            description: domainExpiresOn
              ? `The domain expires on ${formatDate(domainExpiresOn)}.`
              : 'The date comes from RDAP again, where the registry has it.',
          });
          setOpen(false);
        },
        onError: (error) =>
          form.setError(
            'domainExpiresOn',
            { message: errorMessage(error, 'The date could not be saved.') },
            { shouldFocus: true },
          ),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.clearErrors();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          {manual || !site.domainExpiresAt ? 'Set domain date' : 'Domain date'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Domain expiry date</DialogTitle>
          <DialogDescription>
            For a registry without RDAP: the day the domain&apos;s registration lapses, as the
            registrar shows it. We warn 30 days before.
            {site.domainExpiresAt &&
              (manual
                ? ' This date was set by hand.'
                : ' RDAP gave the date shown; a date set here replaces it.')}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit(({ domainExpiresOn }) => save(domainExpiresOn))}
          noValidate
          className="space-y-4"
        >
          <FormField
            label="Domain expires on"
            type="date"
            error={form.formState.errors.domainExpiresOn?.message}
            {...form.register('domainExpiresOn')}
          />
          {manual && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() => save(null)}
            >
              Clear the date (use RDAP)
            </Button>
          )}
          <DialogActions label="Save date" pendingLabel="Saving..." pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

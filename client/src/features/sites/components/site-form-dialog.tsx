import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateSiteSchema, type AdminSite } from '@shared/schemas/sites';
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
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';

type SiteFormInput = z.input<typeof CreateSiteSchema>;
type SiteFormOutput = z.output<typeof CreateSiteSchema>;

const EMPTY: SiteFormInput = { url: '', keyword: '' };

/**
 * The address and keyword of a site, checked with the same schema as the server; a refusal of
 * the server (an address that is not public, a duplicate, the 20 sites' limit) shows on the
 * address.
 */
function SiteForm({
  values,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  values: SiteFormInput;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (site: SiteFormOutput, refused: (error: unknown) => void) => void;
}) {
  const form = useForm<SiteFormInput, unknown, SiteFormOutput>({
    resolver: zodResolver(CreateSiteSchema),
    defaultValues: values,
  });
  const submit = form.handleSubmit((site) =>
    onSubmit(site, (error) =>
      form.setError(
        'url',
        { message: errorMessage(error, 'The website could not be saved.') },
        { shouldFocus: true },
      ),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        label="Website address"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        error={form.formState.errors.url?.message}
        {...form.register('url')}
      />
      <FormField
        label="Keyword (optional)"
        hint="Text the page must contain to count as up, e.g. the business's name. Case matters."
        autoComplete="off"
        error={form.formState.errors.keyword?.message}
        {...form.register('keyword')}
      />
      <DialogActions label={submitLabel} pendingLabel={pendingLabel} pending={pending} />
    </form>
  );
}

/** "Add website" on the client's page: the site is checked from then on. */
export function AddSiteDialog({ clientId, disabled }: { clientId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const create = useCreateSite(clientId);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={disabled}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add website
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a website</DialogTitle>
          <DialogDescription>
            We check it every few minutes, tell you and the client when it goes down, and warn
            before its certificate or domain lapses.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from an empty form. */}
        <SiteForm
          values={EMPTY}
          pending={create.isPending}
          submitLabel="Add website"
          pendingLabel="Adding..."
          onSubmit={(site, refused) =>
            create.mutate(site, {
              onSuccess: (added) => {
                toast({ title: 'Website Added', description: `${added.url} is watched now.` });
                setOpen(false);
              },
              onError: refused,
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** "Edit" of a site: its address and keyword. */
export function EditSiteDialog({ site }: { site: AdminSite }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSite();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit the website</DialogTitle>
          <DialogDescription className="break-all">{site.url}</DialogDescription>
        </DialogHeader>
        <SiteForm
          values={{ url: site.url, keyword: site.keyword ?? '' }}
          pending={update.isPending}
          submitLabel="Save"
          pendingLabel="Saving..."
          onSubmit={(body, refused) =>
            update.mutate(
              { id: site.id, body },
              {
                onSuccess: () => {
                  toast({ title: 'Website Saved' });
                  setOpen(false);
                },
                onError: refused,
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusinessSettingsSchema, type BusinessSettings } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useBusinessSettings } from '../api/get-business-settings';
import { useSaveBusinessSettings } from '../api/save-business-settings';

function Form({ current }: { current: BusinessSettings }) {
  const save = useSaveBusinessSettings();
  const form = useForm<z.input<typeof BusinessSettingsSchema>, unknown, BusinessSettings>({
    resolver: zodResolver(BusinessSettingsSchema),
    values: current,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () =>
        toast({ title: 'Settings Saved', description: 'Your business information is updated.' }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Business Name"
        error={errors.businessName?.message}
        {...form.register('businessName')}
      />
      <FormField
        label="Business Email"
        type="email"
        error={errors.businessEmail?.message}
        {...form.register('businessEmail')}
      />
      <FormField
        label="Phone"
        type="tel"
        error={errors.businessPhone?.message}
        {...form.register('businessPhone')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField
          label="City"
          error={errors.businessCity?.message}
          {...form.register('businessCity')}
        />
        <FormField
          label="State"
          maxLength={2}
          error={errors.businessState?.message}
          {...form.register('businessState')}
        />
      </div>
      <FormField
        label="Website"
        type="url"
        placeholder="https://"
        error={errors.businessWebsite?.message}
        {...form.register('businessWebsite')}
      />
      <CheckboxField
        id="auto-send-renewals"
        label="Send renewal invoices automatically"
        hint={
          <>
            Each month&apos;s invoice is made shortly before a plan renews (7 days by default). When
            this is off, it waits in Invoices as a draft for you to send.
          </>
        }
        {...form.register('autoSendRenewals')}
      />
      <CheckboxField
        id="require-admin-two-factor"
        label="Require two-factor authentication for every admin"
        hint="An admin without it is sent to set it up at sign-in, before anything else. Turn it on for your own account first."
        {...form.register('requireAdminTwoFactor')}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Business Information'}
      </Button>
    </form>
  );
}

/** Brand name and contact details, used wherever the brand appears. */
export function BusinessSettingsForm() {
  const current = useBusinessSettings();
  if (current.isLoading) return <Skeleton className="h-64 w-full" />;
  if (!current.data) {
    return (
      <p role="alert" className="text-destructive">
        The business information could not be loaded. Please reload the page.
      </p>
    );
  }
  return <Form current={current.data} />;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  BusinessSettingsFormSchema,
  type BusinessSettings,
  type BusinessSettingsFormValues,
} from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, TextareaField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useBusinessSettings } from '../api/get-business-settings';
import { useSaveBusinessSettings } from '../api/save-business-settings';

/** Where the phone and website appear: blank, they appear nowhere. */
const SHOWN_WHEN_SET =
  "Shown in the landing page's footer under Contact, and to search engines. Leave it blank to show none.";

function Form({ current }: { current: BusinessSettings }) {
  const save = useSaveBusinessSettings();
  const values = useMemo<BusinessSettingsFormValues>(
    () => ({ ...current, reminderDays: current.reminderDays.join(', ') }),
    [current],
  );
  const form = useForm<BusinessSettingsFormValues, unknown, BusinessSettings>({
    resolver: zodResolver(BusinessSettingsFormSchema),
    values,
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
        hint={SHOWN_WHEN_SET}
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
        hint={SHOWN_WHEN_SET}
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
      <CheckboxField
        id="consultation-emails"
        label="E-mail me each consultation request"
        hint="Every request from the website's consultation form is sent to the business e-mail above. It is in Requests either way."
        {...form.register('consultationEmails')}
      />
      <CheckboxField
        id="held-mail-digest"
        label="E-mail me a daily digest of held support e-mail"
        hint="Once a day, support e-mails whose sender could not be verified are listed in one e-mail to the business e-mail above, each with a link to review it. Nothing is sent on a day none is held."
        {...form.register('heldMailDigest')}
      />
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Payments</legend>
        <TextareaField
          label="Payment instructions"
          rows={4}
          hint="Shown on invoices, e-mails and the pay page when card payment is off or as an alternative, e.g. bank transfer details."
          error={errors.paymentInstructions?.message}
          {...form.register('paymentInstructions')}
        />
        <CheckboxField
          id="reminders-enabled"
          label="Send reminders for overdue invoices"
          hint="The client gets an e-mail on each of the days below after an unpaid invoice's due date."
          {...form.register('remindersEnabled')}
        />
        <FormField
          label="Reminder days after the due date"
          autoComplete="off"
          placeholder="3, 7, 14"
          hint="Up to 5 days between 1 and 90, separated by commas."
          error={errors.reminderDays?.message}
          {...form.register('reminderDays')}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Ticket attachments</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Largest file (MB)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint="Each file a client or the team attaches to a ticket message."
            error={errors.attachmentMaxFileMb?.message}
            {...form.register('attachmentMaxFileMb', { valueAsNumber: true })}
          />
          <FormField
            label="All files of one message (MB)"
            type="number"
            inputMode="numeric"
            min={1}
            max={250}
            hint="What the files of one message may add up to."
            error={errors.attachmentMaxMessageMb?.message}
            {...form.register('attachmentMaxMessageMb', { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Support e-mail</legend>
        <FormField
          label="Keep original e-mails (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          hint="Each e-mail to the support address as it arrived, for its download and “View original e-mail”. After this many days it is deleted; the tickets and files made from it stay. A held e-mail keeps its original until you release it or turn it into a consultation request."
          error={errors.originalEmailDays?.message}
          {...form.register('originalEmailDays', { valueAsNumber: true })}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Signup links</legend>
        <FormField
          label="Signup links work for (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          hint="A new client's signup link works this many days from when it is made, copied again or re-sent. Links already out keep their date."
          error={errors.signupLinkDays?.message}
          {...form.register('signupLinkDays', { valueAsNumber: true })}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Plans</legend>
        <FormField
          label="Notice of a new price (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          hint="When you move a plan's subscribers to its current price, each pays it from their first renewal at least this many days away, and is e-mailed now."
          error={errors.priceChangeNoticeDays?.message}
          {...form.register('priceChangeNoticeDays', { valueAsNumber: true })}
        />
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Business Information'}
      </Button>
    </form>
  );
}

/** Brand name and contact details, used wherever the brand appears. */
export function BusinessSettingsForm() {
  const current = useBusinessSettings();
  return (
    <QueryState
      query={current}
      what="business information"
      loading={<Skeleton className="h-64 w-full" />}
    >
      {(settings) => <Form current={settings} />}
    </QueryState>
  );
}

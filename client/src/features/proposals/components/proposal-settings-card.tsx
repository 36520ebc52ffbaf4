import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ProposalSettingsSchema, type ProposalSettings } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useProposalSettings, useSaveProposalSettings } from '../api/proposal-settings';

function Form({ current }: { current: ProposalSettings }) {
  const save = useSaveProposalSettings();
  const form = useForm<ProposalSettings>({
    resolver: zodResolver(ProposalSettingsSchema),
    values: current,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(saved, {
      onSuccess: () =>
        toast({
          title: 'Proposal settings saved',
          description: 'New proposals start with these terms; signers agree to this consent.',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Default terms"
        rows={8}
        hint="A new proposal starts with this text; each proposal can change its own."
        error={errors.terms?.message}
        {...form.register('terms')}
      />
      <TextareaField
        label="Consent to sign electronically"
        rows={6}
        hint="What the signer agrees to before signing (ESIGN Act and UETA). A change applies to signatures from now on; each signature records the wording it agreed to."
        error={errors.consentText?.message}
        {...form.register('consentText')}
      />
      <div className="sm:w-64">
        <FormField
          label="Reminder (days before expiry)"
          type="number"
          min={0}
          max={60}
          step={1}
          inputMode="numeric"
          hint="An unsigned proposal is reminded this many days before it expires; 0 sends none."
          error={errors.reminderDaysBeforeExpiry?.message}
          {...form.register('reminderDaysBeforeExpiry', { valueAsNumber: true })}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save proposal settings'}
      </Button>
    </form>
  );
}

/** Settings' "Proposals": the default terms, the consent wording and the reminder. */
export function ProposalSettingsCard() {
  const current = useProposalSettings();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Proposals</CardTitle>
        <CardDescription>What a new proposal says, and what its signer agrees to.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={current}
          what="proposal settings"
          loading={<Skeleton className="h-64 w-full" />}
        >
          {(data) => <Form current={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

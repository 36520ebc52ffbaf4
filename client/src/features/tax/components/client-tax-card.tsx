import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  ClientTaxSettingsSchema,
  type ClientTaxSettings,
  type ClientTaxSettingsInput,
  type TaxRate,
} from '@shared/schemas/tax';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField, FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useClientTaxSettings, useSaveClientTaxSettings } from '../api/client-tax-settings';
import { useTaxRates } from '../api/get-tax-rates';
import { TaxRateChecklist } from './tax-rate-checklist';

function ClientTaxForm({
  clientId,
  current,
  rates,
}: {
  clientId: string;
  current: ClientTaxSettings;
  rates: readonly TaxRate[];
}) {
  const save = useSaveClientTaxSettings();
  const form = useForm<ClientTaxSettingsInput, unknown, ClientTaxSettings>({
    resolver: zodResolver(ClientTaxSettingsSchema),
    values: { ...current, taxExemptCertificate: current.taxExemptCertificate ?? '' },
  });
  const { errors } = form.formState;
  const exempt = useWatch({ control: form.control, name: 'taxExempt' });
  // Retired rates stay listed while the client still has them, so they can be unchecked.
  const offered = rates.filter(
    (rate) => rate.retiredAt === null || current.taxRateIds.includes(rate.id),
  );
  const onSubmit = form.handleSubmit((settings) =>
    save.mutate(
      { clientId, ...settings },
      { onSuccess: () => toast({ title: 'Tax settings saved' }) },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <CheckboxField
        label="Tax-exempt"
        hint="No rate is applied to this client's invoices; the certificate is printed on them."
        {...form.register('taxExempt')}
      />
      {exempt && (
        <FormField
          label="Exemption certificate number"
          autoComplete="off"
          error={errors.taxExemptCertificate?.message}
          {...form.register('taxExemptCertificate')}
        />
      )}
      {offered.length > 0 && !exempt && (
        <Controller
          control={form.control}
          name="taxRateIds"
          render={({ field, fieldState }) => (
            <TaxRateChecklist
              legend="The client's own rates"
              hint="Applied to renewals. None checked: the agency's default rates."
              rates={offered}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <CheckboxField
        label="Exempt from late fees"
        hint="This client is never charged a late fee."
        {...form.register('lateFeeExempt')}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save tax settings'}
      </Button>
    </form>
  );
}

/** The admin's page of one client: how the client is taxed, and late fees (issue 39). */
export function ClientTaxCard({ clientId }: { clientId: string }) {
  const settings = useClientTaxSettings(clientId);
  const rates = useTaxRates();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tax</CardTitle>
        <CardDescription>Exemption, the rates renewals apply, and late fees.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          what="tax settings"
          loading={<Skeleton className="h-32 w-full" />}
        >
          {(current) => (
            <ClientTaxForm clientId={clientId} current={current} rates={rates.data?.items ?? []} />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

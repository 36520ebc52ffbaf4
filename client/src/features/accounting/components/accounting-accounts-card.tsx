import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ACCOUNT_KEYS,
  ACCOUNT_LABELS,
  AccountingSettingsSchema,
  type AccountingSettings,
} from '@shared/schemas/exports';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAccountingSettings, useSaveAccountingSettings } from '../api/accounting-settings';

function Form({ current }: { current: AccountingSettings }) {
  const save = useSaveAccountingSettings();
  const form = useForm<z.input<typeof AccountingSettingsSchema>, unknown, AccountingSettings>({
    resolver: zodResolver(AccountingSettingsSchema),
    values: current,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(saved, {
      onSuccess: () =>
        toast({
          title: 'Accounting accounts saved',
          description: 'The general journal posts to these accounts from now on.',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
        {ACCOUNT_KEYS.map((key) => (
          <fieldset key={key} className="grid grid-cols-[6rem_1fr] gap-2">
            <legend className="mb-1 text-sm font-medium">{ACCOUNT_LABELS[key]}</legend>
            <FormField
              label="Code"
              error={errors.accounts?.[key]?.code?.message}
              {...form.register(`accounts.${key}.code`)}
            />
            <FormField
              label="Name"
              error={errors.accounts?.[key]?.name?.message}
              {...form.register(`accounts.${key}.name`)}
            />
          </fieldset>
        ))}
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save accounts'}
      </Button>
    </form>
  );
}

/** Settings' "Accounting accounts": the code and name of each account the journal posts to. */
export function AccountingAccountsCard() {
  const current = useAccountingSettings();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Accounting accounts</CardTitle>
        <CardDescription>
          The accounts of your chart the general journal export posts to, as your accounting product
          names them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={current}
          what="accounting accounts"
          loading={<Skeleton className="h-64 w-full" />}
        >
          {(data) => <Form current={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

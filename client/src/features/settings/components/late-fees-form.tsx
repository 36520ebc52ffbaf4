import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  LateFeeFormSchema,
  lateFeeFormValues,
  lateFeeTerms,
  type LateFeeFormValues,
  type LateFeeSettings,
  type LateFeeSettingsView,
} from '@shared/schemas/late-fees';
import { thousandthsToPercent } from '@shared/tax';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, SelectField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useLateFees } from '../api/get-late-fees';
import { useSaveLateFees } from '../api/save-late-fees';

/** The terms sentence of what the form holds now, or null while it does not parse. */
function preview(values: Partial<LateFeeFormValues>): string | null {
  const parsed = LateFeeFormSchema.safeParse(values);
  return parsed.success ? lateFeeTerms(parsed.data) : null;
}

function Form({ current }: { current: LateFeeSettingsView }) {
  const save = useSaveLateFees();
  const values = useMemo(() => lateFeeFormValues(current), [current]);
  const form = useForm<LateFeeFormValues, unknown, LateFeeSettings>({
    resolver: zodResolver(LateFeeFormSchema),
    values,
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const { kind, enabled } = watched;
  const terms = preview(watched);
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(
      { ...saved, percent: thousandthsToPercent(saved.percent) },
      {
        onSuccess: (after) =>
          toast({
            title: 'Late Fees Saved',
            description: after.enabled
              ? 'The daily billing run charges them from now on.'
              : 'No late fee is charged.',
          }),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <CheckboxField
        id="late-fees-enabled"
        label="Charge a late fee"
        hint="Once per invoice, on a separate invoice e-mailed to the client, when its grace period after the due date ends. Never charged to a saved card by itself."
        {...form.register('enabled')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Fee" error={errors.kind?.message} {...form.register('kind')}>
          <option value="flat">A flat amount</option>
          <option value="percent">A percentage of the balance due</option>
        </SelectField>
        {kind === 'percent' ? (
          <FormField
            label="Percentage (%)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.percent?.message}
            {...form.register('percent')}
          />
        ) : (
          <FormField
            label="Amount ($)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amountCents?.message}
            {...form.register('amountCents')}
          />
        )}
        <FormField
          label="Grace days after the due date"
          inputMode="numeric"
          autoComplete="off"
          error={errors.graceDays?.message}
          {...form.register('graceDays')}
        />
      </div>
      <CheckboxField
        id="late-fees-taxable"
        label="Tax the late fee"
        hint="With the original invoice's tax rates. Off: a late fee is never taxed."
        {...form.register('taxable')}
      />
      {terms && (
        <div className="rounded-md bg-muted p-4 text-sm">
          <p className="font-semibold">
            {enabled ? 'Printed on every invoice' : 'Printed on every invoice once turned on'}
          </p>
          <p className="break-words">{terms}</p>
        </div>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Late Fees'}
      </Button>
    </form>
  );
}

/** The late-fee terms (issue 39): on or off, flat or a percentage, grace days, taxed or not. */
export function LateFeesForm() {
  const current = useLateFees();
  return (
    <QueryState query={current} what="late fees" loading={<Skeleton className="h-64 w-full" />}>
      {(data) => <Form current={data} />}
    </QueryState>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PLANS } from '@shared/plans';
import {
  UpdateAllowanceFormSchema,
  updateAllowanceFormValues,
  type UpdateAllowanceFormValues,
  type UpdateAllowanceSettings,
} from '@shared/schemas/updates';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveUpdateAllowance } from '../api/save-update-allowance';
import { useUpdateAllowance } from '../api/get-update-allowance';

function Form({ current }: { current: UpdateAllowanceSettings }) {
  const save = useSaveUpdateAllowance();
  const values = useMemo(() => updateAllowanceFormValues(current), [current]);
  const form = useForm<UpdateAllowanceFormValues, unknown, UpdateAllowanceSettings>({
    resolver: zodResolver(UpdateAllowanceFormSchema),
    values,
  });
  const unlimited = useWatch({ control: form.control, name: 'unlimited' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(saved, {
      onSuccess: () =>
        toast({
          title: 'Website Updates Saved',
          description: 'Each client’s meter counts against these numbers.',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {PLANS.map((plan) => (
        <fieldset key={plan.id} className="space-y-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{plan.name}</legend>
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <div className="w-40">
              <FormField
                label="Updates per month"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                disabled={unlimited[plan.id]}
                error={errors.updatesPerMonth?.[plan.id]?.message}
                {...form.register(`updatesPerMonth.${plan.id}`)}
              />
            </div>
            <label className="inline-flex h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                {...form.register(`unlimited.${plan.id}`)}
              />
              Unlimited
            </label>
          </div>
        </fieldset>
      ))}
      <div className="w-48">
        <FormField
          label="Price of an extra update ($)"
          inputMode="decimal"
          autoComplete="off"
          hint="Billed for each update beyond the plan."
          error={errors.extraUpdatePriceCents?.message}
          {...form.register('extraUpdatePriceCents')}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Website Updates'}
      </Button>
    </form>
  );
}

/** Each plan's website updates per month, or unlimited, and the price of an extra one. */
export function UpdateAllowanceForm() {
  const current = useUpdateAllowance();
  return (
    <QueryState
      query={current}
      what="website updates"
      loading={<Skeleton className="h-64 w-full" />}
    >
      {(data) => <Form current={data} />}
    </QueryState>
  );
}

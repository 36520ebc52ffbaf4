import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
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
      <p className="text-sm text-muted-foreground">
        The updates each plan includes a month are set on the plan (Plans).
      </p>
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

/** The price of a website update beyond a plan's month (each plan's count is on the plan). */
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

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TARGET_UNITS } from '@shared/business-hours';
import {
  PlanFormSchema,
  planFormValues,
  type AdminPlan,
  type PlanFormOutput,
  type PlanFormValues,
} from '@shared/schemas/plans';
import type { PlanResponseTimes } from '@shared/schemas/response-times';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CheckboxField, FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreatePlan, useUpdatePlan } from '../api/plans';

const UNIT_LABELS = { hours: 'hours', days: 'business days' } as const;

/** One response target: the amount and its unit side by side. */
function TargetFields({
  form,
  which,
  legend,
}: {
  form: ReturnType<typeof useForm<PlanFormValues, unknown, PlanFormOutput>>;
  which: 'firstResponse' | 'nextResponse';
  legend: string;
}) {
  const errors = form.formState.errors.responseTimes?.[which];
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="col-span-2 mb-1 text-sm font-medium">{legend}</legend>
      <FormField
        label="Within"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        error={errors?.amount?.message}
        {...form.register(`responseTimes.${which}.amount`)}
      />
      <SelectField
        label="Unit"
        error={errors?.unit?.message}
        {...form.register(`responseTimes.${which}.unit`)}
      >
        {TARGET_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {UNIT_LABELS[unit]}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

/**
 * Adds a plan or edits one: name, monthly price (dollars here, cents on the wire), what it
 * includes, the "Most popular" mark, its updates per month and support response targets. A
 * new price is for new subscriptions: the form says so.
 */
export function PlanEditor({
  open,
  plan,
  defaultResponseTimes,
  onClose,
}: {
  open: boolean;
  /** The plan edited; null adds one. */
  plan: AdminPlan | null;
  /** A new plan's targets to start from (the popular plan's). */
  defaultResponseTimes: PlanResponseTimes;
  onClose: () => void;
}) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: zodResolver(PlanFormSchema),
    values: planFormValues(plan, defaultResponseTimes),
  });
  const { errors } = form.formState;
  const unlimited = form.watch('unlimitedUpdates');
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const done = (saved: AdminPlan) => {
      toast({ title: plan ? 'Plan Saved' : 'Plan Added', description: saved.name });
      onClose();
    };
    if (plan) update.mutate({ id: plan.id, patch: values }, { onSuccess: done });
    else create.mutate(values, { onSuccess: done });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{plan ? `Edit ${plan.name}` : 'Add a plan'}</DialogTitle>
          <DialogDescription>
            {plan
              ? 'A new price applies to new subscriptions; current subscribers keep theirs until you move them.'
              : 'The plan is offered at once on the landing page and in the client portal.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Name" error={errors.name?.message} {...form.register('name')} />
          <FormField
            label="Monthly price ($)"
            inputMode="decimal"
            error={errors.monthlyPrice?.message}
            {...form.register('monthlyPrice')}
          />
          <TextareaField
            label="Description"
            rows={2}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextareaField
            label="What is included"
            rows={5}
            hint="One feature a line, in the order the plan lists them."
            error={errors.features?.message ?? errors.features?.root?.message}
            {...form.register('features')}
          />
          <CheckboxField
            label="Most popular"
            hint="Outlined and flagged on the pricing; only one plan has the mark."
            {...form.register('popular')}
          />
          <CheckboxField
            label="Taxable"
            hint="Its invoices' plan line takes the sales tax rates (renewals: the defaults, or the client's own)."
            {...form.register('taxable')}
          />
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium">Website updates</legend>
            <FormField
              label="Updates included per month"
              type="number"
              inputMode="numeric"
              min={0}
              max={999}
              disabled={unlimited}
              error={errors.updatesPerMonth?.message}
              {...form.register('updatesPerMonth')}
            />
            <CheckboxField
              label="Unlimited updates"
              hint="Every update request is included."
              {...form.register('unlimitedUpdates')}
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium">Support response targets</legend>
            <CheckboxField
              label="Around the clock"
              hint="Every hour counts, not only the support hours."
              {...form.register('responseTimes.aroundTheClock')}
            />
            <TargetFields form={form} which="firstResponse" legend="First answer" />
            <TargetFields form={form} which="nextResponse" legend="Each answer after" />
          </fieldset>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : plan ? 'Save Plan' : 'Add Plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

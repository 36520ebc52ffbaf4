import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { WEEKDAY_NAMES, WEEKDAYS } from '@shared/business-hours';
import {
  ResponseTimeSettingsFormSchema,
  type ResponseTimeSettings,
  type ResponseTimeSettingsFormValues,
  type ResponseTimeSettingsView,
} from '@shared/schemas/response-times';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useResponseTimes } from '../api/get-response-times';
import { useSaveResponseTimes } from '../api/save-response-times';

type FormValues = ResponseTimeSettingsFormValues;

function Form({ current }: { current: ResponseTimeSettingsView }) {
  const save = useSaveResponseTimes();
  const values = useMemo<FormValues>(
    () => ({ ...current.settings, workingDays: current.settings.workingDays.map(String) }),
    [current],
  );
  const form = useForm<FormValues, unknown, ResponseTimeSettings>({
    resolver: zodResolver(ResponseTimeSettingsFormSchema),
    values,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(saved, {
      onSuccess: () =>
        toast({
          title: 'Response Times Saved',
          description: 'New answers are due by these targets.',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset className="space-y-2" aria-describedby="working-days-error">
        <legend className="text-sm font-medium">Working days</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={String(day)}
                className="h-4 w-4 accent-primary"
                {...form.register('workingDays')}
              />
              {WEEKDAY_NAMES[day]}
            </label>
          ))}
        </div>
        {errors.workingDays && (
          <p id="working-days-error" className="text-sm text-destructive">
            {errors.workingDays.message}
          </p>
        )}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Opens at"
          type="time"
          error={errors.opensAt?.message}
          {...form.register('opensAt')}
        />
        <FormField
          label="Closes at"
          type="time"
          error={errors.closesAt?.message}
          {...form.register('closesAt')}
        />
      </div>
      <FormField
        label="Time zone"
        autoComplete="off"
        placeholder={current.defaultTimeZone}
        hint={`Leave it blank for the business time zone (${current.defaultTimeZone}).`}
        error={errors.timeZone?.message}
        {...form.register('timeZone')}
      />
      <p className="text-sm text-muted-foreground">
        Each plan&apos;s targets are set on the plan (Plans). A high-priority ticket gets half.
        &quot;Waiting on client&quot; pauses the clock; resolved stops it.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Response Times'}
      </Button>
    </form>
  );
}

/** Support hours (Settings); each plan's targets are on the plan. */
export function ResponseTimesForm() {
  const current = useResponseTimes();
  return (
    <QueryState
      query={current}
      what="response times"
      loading={<Skeleton className="h-64 w-full" />}
    >
      {(data) => <Form current={data} />}
    </QueryState>
  );
}

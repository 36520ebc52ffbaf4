import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { findCity, US_STATES, type UsState } from '@shared/places';
import {
  BULK_MAX_RESULTS,
  BUSINESS_TYPES,
  DEFAULT_MAX_RESULTS,
  MarketingSearchSchema,
  MAX_RESULTS_MAX,
  MAX_RESULTS_MIN,
  MAX_RESULTS_STEP,
  MIN_RATING_OPTIONS,
  type MarketingSearch,
} from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import { FormField, SelectField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useHomeState } from '../api/get-city-suggestions';
import { CityCombobox } from './city-combobox';

interface FormValues {
  state: UsState | '';
  city: string;
  businessType: string;
  radius: string;
  minRating: string;
  openNow: boolean;
  enhancedVerification: boolean;
  bulkMode: boolean;
  maxResults: string;
}

/** Form text to the search payload; the shared schema then checks it as the server will. */
function toCriteria(values: FormValues) {
  const maxResults = Number.parseInt(values.maxResults, 10);
  return {
    ...(values.state ? { state: values.state } : {}),
    city: values.city,
    businessType: values.businessType,
    radius: values.radius.trim() === '' ? undefined : Number(values.radius),
    minRating: values.minRating === '' ? undefined : Number(values.minRating),
    openNow: values.openNow,
    bulkMode: values.bulkMode,
    maxResults: values.bulkMode
      ? Number.isFinite(maxResults)
        ? maxResults
        : BULK_MAX_RESULTS
      : DEFAULT_MAX_RESULTS,
    enhancedVerification: values.enhancedVerification,
  };
}

export function SearchForm({
  pending,
  running,
  shown,
  highPriorityOnly,
  onHighPriorityOnlyChange,
  onSearch,
}: {
  /** The search was sent and its answer is awaited. */
  pending: boolean;
  /** A bulk search is queued or running: no other search starts until it ends. */
  running: boolean;
  /** The search on screen (?search=): its state, city and type fill the form. */
  shown: { id: string; criteria: MarketingSearch } | null;
  highPriorityOnly: boolean;
  onHighPriorityOnlyChange: (value: boolean) => void;
  onSearch: (criteria: MarketingSearch) => void;
}) {
  const [advanced, setAdvanced] = useState(false);
  const form = useForm<FormValues>({
    defaultValues: {
      state: '',
      city: '',
      businessType: '',
      radius: '',
      minRating: '',
      openNow: false,
      enhancedVerification: false,
      bulkMode: false,
      maxResults: String(DEFAULT_MAX_RESULTS),
    },
  });
  const { register, watch, setValue, getValues, handleSubmit, setError, formState, control } = form;
  const state = watch('state');
  const homeState = useHomeState().data;
  const bulkMode = watch('bulkMode');
  const maxResults = Number.parseInt(watch('maxResults'), 10);

  // Once per search opened (a reload of ?search=, 'Open' in the past searches); typing after
  // that is left alone while the search is polled.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || filledFor.current === shown.id) return;
    filledFor.current = shown.id;
    const { city, businessType } = shown.criteria;
    const shownState = shown.criteria.state ?? findCity(city)?.state;
    if (!shownState) return;
    setValue('businessType', businessType);
    setValue('state', shownState);
    setValue('city', city);
  }, [shown, setValue]);
  // The agency's own state until the admin picks one or a search opened fills the form.
  useEffect(() => {
    if (!homeState || filledFor.current !== null || getValues('state') !== '') return;
    if (formState.dirtyFields.state) return;
    setValue('state', homeState);
  }, [homeState, formState.dirtyFields.state, getValues, setValue]);

  const submit = handleSubmit((values) => {
    if (!values.city || !values.businessType) {
      toast({
        title: 'Missing required fields',
        description: 'Please fill in city and business type',
        variant: 'destructive',
      });
      return;
    }
    const parsed = MarketingSearchSchema.safeParse(toCriteria(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'radius' || field === 'maxResults' || field === 'city') {
          setError(field, { message: issue.message });
        }
      }
      return;
    }
    onSearch(parsed.data);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Search criteria">
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          label="State*"
          {...register('state', {
            onChange: () => setValue('city', ''),
          })}
        >
          <option value="">Select state</option>
          {US_STATES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <Controller
          control={control}
          name="city"
          render={({ field, fieldState }) => (
            <CityCombobox
              state={state}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField label="Business Type*" {...register('businessType')}>
          <option value="">Select business type</option>
          {BUSINESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>

      <div>
        <Button
          type="button"
          variant="link"
          className="px-0"
          aria-expanded={advanced}
          aria-controls="advanced-options"
          onClick={() => setAdvanced((open) => !open)}
        >
          {advanced ? 'Hide Advanced Options' : 'Show Advanced Options'}
        </Button>
        {advanced && (
          <div
            id="advanced-options"
            className="mt-2 grid gap-4 rounded-lg border p-4 md:grid-cols-2"
          >
            <FormField
              label="Search Radius (miles)"
              type="number"
              min={1}
              max={50}
              placeholder="10"
              error={formState.errors.radius?.message}
              {...register('radius')}
            />
            <SelectField label="Minimum Rating" {...register('minRating')}>
              <option value="">Any</option>
              {MIN_RATING_OPTIONS.map((rating) => (
                <option key={rating} value={rating}>
                  {rating}+ stars
                </option>
              ))}
            </SelectField>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" {...register('openNow')} />
              Currently Open Only
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                {...register('enhancedVerification')}
              />
              <span>
                Enhanced Verification
                <span className="block text-xs text-muted-foreground">
                  (phone, email, business registry, social media)
                </span>
              </span>
            </label>
          </div>
        )}
      </div>

      <div className="rounded-lg border border-primary/30 bg-primary/5 p-4">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="h-4 w-4"
            {...register('bulkMode', {
              onChange: (event: { target: { checked: boolean } }) =>
                setValue(
                  'maxResults',
                  String(event.target.checked ? BULK_MAX_RESULTS : DEFAULT_MAX_RESULTS),
                ),
            })}
          />
          Bulk Mode
        </label>
        <p className="mt-1 text-sm text-muted-foreground">
          Searches 100+ business categories on a 9x9 grid over the whole area, analyzing every
          website. Runs in the background: you can leave this page and come back.
        </p>
        {bulkMode && (
          <div className="mt-3 max-w-xs">
            <FormField
              label="Maximum results"
              type="number"
              min={MAX_RESULTS_MIN}
              max={MAX_RESULTS_MAX}
              step={MAX_RESULTS_STEP}
              error={formState.errors.maxResults?.message}
              {...register('maxResults')}
            />
          </div>
        )}
      </div>

      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={highPriorityOnly}
          onChange={(event) => onHighPriorityOnlyChange(event.target.checked)}
        />
        Show High Priority Leads Only
      </label>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending || running}>
          {running
            ? 'Bulk search running...'
            : pending
              ? 'Searching...'
              : bulkMode
                ? `Extract ${(Number.isFinite(maxResults) ? maxResults : BULK_MAX_RESULTS).toLocaleString('en-US')} Leads`
                : 'Search Leads'}
        </Button>
      </div>
    </form>
  );
}

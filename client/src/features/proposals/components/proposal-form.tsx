import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { centsToDollars, dollarsToCents } from '@shared/money';
import {
  proposalTotals,
  ProposalInputSchema,
  type ProposalInput,
  type ProposalLead,
} from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LineItemsEditor } from '@/components/ui/line-items-editor';
import { addDaysTo, businessToday } from '@/lib/dates';
import { ChosenClient } from '@/features/clients/public';
import { PlanOptions, useAdminPlanLookup } from '@/features/plans/public';
import { TaxRateChecklist, useActiveTaxRates } from '@/features/tax/public';
import type { TaxRate } from '@shared/schemas/tax';
import { percentToThousandths } from '@shared/tax';
import { ProposalMoney } from './proposal-money';

/** A client account the proposal is for, as the picker hands it over. */
export interface ProposalClient {
  id: string;
  name: string;
  email: string | null;
}

/**
 * The form as it is typed in: the recipient's fields are kept while a client is chosen (so
 * switching back loses nothing), and only the one chosen is sent.
 */
export interface ProposalFormValues {
  recipient: { name: string; email: string; businessName: string };
  clientId: string | undefined;
  lead: ProposalLead | undefined;
  consultationId: string | undefined;
  title: string;
  planType: string | null;
  items: { description: string; quantity: number; unitPrice: number; taxable?: boolean }[];
  /** The tax rates to apply (issue 39); left out, a new proposal takes the default rates. */
  taxRateIds?: string[];
  depositPercent: number;
  validUntil: string;
  terms: string;
}

type Who = 'client' | 'contact';
type FormControl = Control<ProposalFormValues, unknown, ProposalInput>;

/** The proposal's own days to decide: the valid-until date a new one starts with. */
export const DEFAULT_VALID_DAYS = 30;
const EMPTY_ITEM = { description: '', quantity: 1, unitPrice: Number.NaN, taxable: true };

/** A new proposal's values, with what the page knows already (a client, a lead...). */
export function newProposalValues(
  prefill: Partial<ProposalFormValues> & { terms: string },
  today: Date = new Date(),
): ProposalFormValues {
  return {
    recipient: { name: '', email: '', businessName: '' },
    clientId: undefined,
    lead: undefined,
    consultationId: undefined,
    title: '',
    planType: null,
    items: [EMPTY_ITEM],
    depositPercent: 50,
    validUntil: addDaysTo(businessToday(today), DEFAULT_VALID_DAYS),
    ...prefill,
  };
}

/** What is sent: the chosen client or the typed recipient, never both. */
function payloadOf(values: ProposalFormValues, who: Who): z.input<typeof ProposalInputSchema> {
  const { recipient, clientId, lead, consultationId, planType, ...rest } = values;
  return {
    ...rest,
    ...(who === 'client'
      ? { clientId }
      : {
          recipient: {
            name: recipient.name,
            email: recipient.email,
            ...(recipient.businessName.trim() ? { businessName: recipient.businessName } : {}),
          },
        }),
    ...(lead ? { lead } : {}),
    ...(consultationId ? { consultationId } : {}),
    planType: planType || null,
  };
}

/**
 * Dollars typed, cents held: the field's value is integer cents (NaN while the text is not
 * an amount), the text stays as the admin types it.
 */
function DollarInput({
  value,
  onChange,
  onBlur,
  ...props
}: {
  value: number;
  onChange: (cents: number) => void;
  onBlur: () => void;
  id: string;
  'aria-invalid': boolean;
}) {
  const [text, setText] = useState(() => (Number.isFinite(value) ? centsToDollars(value) : ''));
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      placeholder="0.00"
      autoComplete="off"
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(dollarsToCents(event.target.value) ?? Number.NaN);
      }}
    />
  );
}

/** A number the form holds, or 0 while it is being typed. */
const orZero = (value: number) => (Number.isFinite(value) ? value : 0);

/** The one-off total, deposit, monthly, each tax rate and first invoice as the form stands. */
function LiveTotals({ control, rates }: { control: FormControl; rates: readonly TaxRate[] }) {
  const plans = useAdminPlanLookup();
  const [items, depositPercent, planType, taxRateIds = []] = useWatch({
    control,
    name: ['items', 'depositPercent', 'planType', 'taxRateIds'],
  });
  const plan = plans.find(planType);
  const percent = Math.min(100, Math.max(0, orZero(depositPercent)));
  const totals = proposalTotals(
    items.map((item) => ({
      quantity: orZero(item.quantity),
      unitPrice: orZero(item.unitPrice),
      taxable: item.taxable !== false,
    })),
    percent,
    plan?.monthlyPrice ?? null,
    rates
      .filter((rate) => taxRateIds.includes(rate.id))
      .map((rate) => ({
        taxRateId: rate.id,
        name: rate.name,
        percentThousandths: percentToThousandths(rate.percent) ?? 0,
      })),
  );
  return (
    <ProposalMoney
      live
      totals={rates.length > 0 ? totals : { ...totals, taxes: undefined }}
      depositPercent={percent}
      planName={plan?.name ?? null}
    />
  );
}

/**
 * A proposal written or edited: who it is for (a client, or a name and e-mail), the title,
 * a plan, one-off items in dollars (sent in cents), the deposit, until when it holds and its
 * terms, with the totals live.
 */
export function ProposalForm({
  initial,
  initialClient = null,
  onSubmit,
  submitting,
  submitLabel,
  pendingLabel,
  clientPicker,
  origin,
}: {
  initial: ProposalFormValues;
  /** The client account the proposal is for already (edited, or `?client=`). */
  initialClient?: ProposalClient | null;
  onSubmit: (input: ProposalInput) => void;
  submitting: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** A search of the client accounts; choosing one makes the proposal theirs. */
  clientPicker: (choose: (client: ProposalClient) => void, focus: boolean) => ReactNode;
  /** Where the recipient's details came from (a lead, a consultation request). */
  origin?: ReactNode;
}) {
  const id = useId();
  const plans = useAdminPlanLookup();
  const [who, setWho] = useState<Who>(initialClient ? 'client' : 'contact');
  // The resolver reads the choice at submit time, after this render's effects.
  const whoRef = useRef(who);
  useEffect(() => {
    whoRef.current = who;
  }, [who]);
  const [chosen, setChosen] = useState<ProposalClient | null>(initialClient);
  // Where focus goes when the picker gives way to the chosen client, and back.
  const [choosingAgain, setChoosingAgain] = useState(false);
  const [justChose, setJustChose] = useState(false);
  const chosenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justChose) chosenRef.current?.focus();
  }, [justChose, chosen]);

  const form = useForm<ProposalFormValues, unknown, ProposalInput>({
    // The shared schema, given the recipient the admin chose (a client or someone new).
    resolver: ((values, context, options) =>
      zodResolver(ProposalInputSchema)(
        payloadOf(values, whoRef.current),
        context,
        options as never,
      )) as Resolver<ProposalFormValues, unknown, ProposalInput>,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const taxRates = useActiveTaxRates();
  // A new proposal starts with the default rates checked, once they have loaded (issue 39).
  const defaultsApplied = useRef(initial.taxRateIds !== undefined);
  const defaultIdsKey = taxRates.defaultIds.join(',');
  useEffect(() => {
    if (defaultsApplied.current || !taxRates.query.isSuccess) return;
    defaultsApplied.current = true;
    if (!form.getFieldState('taxRateIds').isDirty) {
      form.setValue('taxRateIds', defaultIdsKey ? defaultIdsKey.split(',') : []);
    }
  }, [defaultIdsKey, taxRates.query.isSuccess, form]);
  // The proposal's own rates stay offered even if retired since (it keeps their snapshot).
  const offeredRates = (taxRates.query.data?.items ?? []).filter(
    (rate) => rate.retiredAt === null || (initial.taxRateIds ?? []).includes(rate.id),
  );
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  const choose = (client: ProposalClient | null) => {
    setChosen(client);
    setChoosingAgain(client === null);
    setJustChose(client !== null);
    form.setValue('clientId', client?.id, { shouldValidate: form.formState.isSubmitted });
  };

  const activePlans = plans.plans.filter(
    (plan) => plan.status === 'active' || plan.id === initial.planType,
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Who it is for</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {origin}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Recipient</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['client', 'An existing client'],
                  ['contact', 'Someone new'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-who`}
                    value={value}
                    checked={who === value}
                    className="h-4 w-4 accent-primary"
                    onChange={() => setWho(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {who === 'client' ? (
            <div className="space-y-2">
              {chosen ? (
                <ChosenClient
                  client={chosen}
                  focusRef={chosenRef}
                  onChooseAnother={() => choose(null)}
                />
              ) : (
                clientPicker(choose, choosingAgain)
              )}
              {errors.recipient?.message && (
                <p role="alert" className="text-sm text-destructive">
                  {errors.recipient.message}
                </p>
              )}
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Name"
                autoComplete="off"
                error={errors.recipient?.name?.message}
                {...form.register('recipient.name')}
              />
              <FormField
                label="E-mail"
                type="email"
                autoComplete="off"
                error={errors.recipient?.email?.message}
                {...form.register('recipient.email')}
              />
              <FormField
                label="Business (optional)"
                autoComplete="off"
                error={errors.recipient?.businessName?.message}
                {...form.register('recipient.businessName')}
              />
              {errors.recipient?.message && (
                <p role="alert" className="text-sm text-destructive sm:col-span-2">
                  {errors.recipient.message}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>The offer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField
              label="Title"
              placeholder="A new website and care plan"
              error={errors.title?.message}
              {...form.register('title')}
            />
          </div>
          {/* Controlled: the catalogue may load after the form, and its choice must show. */}
          <Controller
            control={form.control}
            name="planType"
            render={({ field }) => (
              <SelectField
                label="Plan"
                error={errors.planType?.message}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value || null)}
              >
                <option value="">No plan</option>
                <PlanOptions plans={activePlans} />
              </SelectField>
            )}
          />
          <FormField
            label="Valid until"
            type="date"
            error={errors.validUntil?.message}
            {...form.register('validUntil')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>One-off items</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <LineItemsEditor
            rows={items.fields}
            noun="item"
            label="One-off items"
            addLabel="Add item"
            descriptionPlaceholder="Website build"
            error={itemsError}
            errorsOf={(index) => errors.items?.[index]}
            registerDescription={(index) => form.register(`items.${index}.description`)}
            registerQuantity={(index) =>
              form.register(`items.${index}.quantity`, { valueAsNumber: true })
            }
            renderPrice={(index, input) => (
              <Controller
                control={form.control}
                name={`items.${index}.unitPrice`}
                render={({ field: price }) => (
                  <DollarInput
                    {...input}
                    value={price.value}
                    onChange={price.onChange}
                    onBlur={price.onBlur}
                  />
                )}
              />
            )}
            renderNote={(index) =>
              offeredRates.length > 0 && (
                <label className="col-span-3 flex items-center gap-2 text-sm sm:col-span-4">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    aria-label={`Taxable, item ${index + 1}`}
                    {...form.register(`items.${index}.taxable`)}
                  />
                  Taxable
                </label>
              )
            }
            onAdd={() => items.append(EMPTY_ITEM)}
            onRemove={(index) => items.remove(index)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Deposit, totals and terms</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="sm:w-48">
            <FormField
              label="Deposit (%)"
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              hint="Of the one-off items, billed with the plan's first month when signed."
              error={errors.depositPercent?.message}
              {...form.register('depositPercent', { valueAsNumber: true })}
            />
          </div>
          {offeredRates.length > 0 && (
            <Controller
              control={form.control}
              name="taxRateIds"
              render={({ field }) => (
                <TaxRateChecklist
                  legend="Tax rates"
                  hint="Each applies to the taxable items and the plan's month; the invoices apply them when it is signed."
                  rates={offeredRates}
                  value={field.value ?? []}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          <LiveTotals control={form.control} rates={offeredRates} />
          <TextareaField
            label="Terms"
            rows={8}
            error={errors.terms?.message}
            {...form.register('terms')}
          />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={submitting}>
          {submitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { centsToDollars, dollarsToCents } from '@shared/money';
import type { TaxRate } from '@shared/schemas/tax';
import { computeInvoiceTaxes, percentToThousandths } from '@shared/tax';
import { ChosenClient } from '@/features/clients/public';
import { PlanOptions, useAdminPlanLookup } from '@/features/plans/public';
import { TaxRateChecklist, useActiveTaxRates } from '@/features/tax/public';
import {
  InvoiceFormSchema,
  keepBillableLines,
  NEGATIVE_TOTAL_MESSAGE,
  sumInvoice,
  type CreateInvoice,
  type InvoiceDetail,
  type InvoiceFormValues,
} from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LineItemsEditor } from '@/components/ui/line-items-editor';
import { addDaysTo, businessToday } from '@/lib/dates';
import { InvoiceTotals } from './invoice-totals';

const EMPTY_LINE = { description: '', quantity: '1', unitPrice: '', taxable: true };

function defaultValues(today: Date): InvoiceFormValues {
  return {
    clientId: null,
    clientName: '',
    clientEmail: '',
    planType: '',
    dueDate: addDaysTo(businessToday(today), 14),
    notes: '',
    lineItems: [EMPTY_LINE],
    taxRateIds: [],
    tax: '',
    discount: '',
  };
}

type FormControl = Control<InvoiceFormValues, unknown, CreateInvoice>;
type FormLine = InvoiceFormValues['lineItems'][number];

/** A draft as the form holds it, to edit it: amounts back in dollars. */
export function invoiceFormValues(detail: InvoiceDetail): InvoiceFormValues {
  const { invoice, lineItems } = detail;
  const dollars = (value: number) => (value === 0 ? '' : centsToDollars(value));
  return {
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    planType: invoice.planType ?? '',
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    lineItems: lineItems.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToDollars(line.unitPrice),
      taxable: line.taxable,
    })),
    taxRateIds: detail.taxes.flatMap((tax) => (tax.taxRateId ? [tax.taxRateId] : [])),
    // A draft with named rates has its tax computed from them, not typed.
    tax: detail.taxes.some((tax) => tax.taxRateId) ? '' : dollars(invoice.tax),
    discount: dollars(invoice.discount),
  };
}

/** Cents of typed dollars for the live total; what is not (yet) a number counts as 0. */
const cents = (text: string) => dollarsToCents(text) ?? 0;

/** A line as typed, in the shape (integer cents) the server's line rule reads. */
const asPayloadLine = (line: FormLine) => ({
  description: line.description,
  quantity: Number.isInteger(Number(line.quantity)) ? Number(line.quantity) : 0,
  unitPrice: cents(line.unitPrice),
  taxable: line.taxable ?? true,
});

/**
 * Says at once when the server would drop this line (keepBillableLines, the server's own
 * rule). A line still blank is left unmarked: there is nothing in it to lose.
 */
function DroppedLineNote({ control, index }: { control: FormControl; index: number }) {
  const line = useWatch({ control, name: `lineItems.${index}` });
  const blank = line.description.trim() === '' && line.unitPrice.trim() === '';
  if (blank || keepBillableLines([asPayloadLine(line)]).length > 0) return null;
  return (
    <p className="text-sm col-span-3 text-amber-700 sm:col-span-4" data-testid="line-not-billed">
      Line {index + 1} will not be billed: a line needs a description and a unit price above $0.00.
    </p>
  );
}

/**
 * Subtotal, tax, discount and total as the form stands, by the same rules as the server: with
 * rates chosen, each rate on the taxable lines after their share of the discount
 * (computeInvoiceTaxes, shared/tax.ts), else the tax typed by hand.
 */
function LiveTotals({ control, rates }: { control: FormControl; rates: readonly TaxRate[] }) {
  const [lineItems, tax, discount, taxRateIds = []] = useWatch({
    control,
    name: ['lineItems', 'tax', 'discount', 'taxRateIds'],
  });
  const lines = keepBillableLines(lineItems.map(asPayloadLine));
  const discountCents = Math.max(0, cents(discount));
  const chosen = rates.filter((rate) => taxRateIds.includes(rate.id));
  const computed = computeInvoiceTaxes({
    lines: lines.map((line) => ({ total: line.quantity * line.unitPrice, taxable: line.taxable })),
    discount: discountCents,
    rates: chosen.map((rate) => ({
      taxRateId: rate.id,
      name: rate.name,
      percentThousandths: percentToThousandths(rate.percent) ?? 0,
    })),
  });
  const taxCents = chosen.length > 0 ? computed.tax : Math.max(0, cents(tax));
  const totals = sumInvoice(lines, taxCents, discountCents);
  return (
    <div className="space-y-2">
      <InvoiceTotals
        live
        subtotal={totals.subtotal}
        tax={taxCents}
        taxes={computed.taxes.map((line, index) => ({
          name: line.name,
          percent: chosen[index]?.percent ?? null,
          amount: line.amount,
        }))}
        discount={discountCents}
        total={totals.total}
      />
      {totals.total < 0 && (
        <p role="alert" className="ml-auto max-w-xs text-sm text-destructive">
          The total is below zero: {NEGATIVE_TOTAL_MESSAGE.toLowerCase()}.
        </p>
      )}
    </div>
  );
}

/**
 * The new-invoice form: amounts typed in dollars, sent in integer cents. Lines without a
 * description or a price are dropped, as the server does; the last line cannot be removed.
 */
/** A client account the invoice is for, as a picker hands it over. */
export interface InvoiceClient {
  id: string;
  name: string;
  email: string | null;
}

export function InvoiceForm({
  onSubmit,
  submitting,
  today = new Date(),
  initial,
  initialClient = null,
  submitLabel = 'Create Invoice',
  pendingLabel = 'Creating...',
  clientPicker,
}: {
  onSubmit: (invoice: CreateInvoice) => void;
  submitting: boolean;
  today?: Date;
  /** The draft being edited, as the form holds it (invoiceFormValues). */
  initial?: InvoiceFormValues;
  /** The client account the edited draft belongs to. */
  initialClient?: InvoiceClient | null;
  submitLabel?: string;
  pendingLabel?: string;
  /** A search of the client accounts; choosing one makes the invoice theirs. */
  clientPicker?: (
    choose: (client: InvoiceClient) => void,
    /** The admin just asked to choose another: the picker takes the focus. */
    focus: boolean,
  ) => React.ReactNode;
}) {
  const plans = useAdminPlanLookup();
  const taxRates = useActiveTaxRates();
  const form = useForm<InvoiceFormValues, unknown, CreateInvoice>({
    resolver: zodResolver(InvoiceFormSchema),
    defaultValues: initial ?? defaultValues(today),
  });
  const { errors } = form.formState;
  const [chosen, setChosen] = useState<InvoiceClient | null>(initialClient);
  // Where focus goes when the picker gives way to the chosen client, and back.
  const [choosingAgain, setChoosingAgain] = useState(false);
  const chosenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosen) chosenRef.current?.focus();
  }, [chosen]);
  const choose = (client: InvoiceClient | null) => {
    setChosen(client);
    setChoosingAgain(client === null);
    form.setValue('clientId', client?.id ?? null);
    if (client) {
      form.setValue('clientName', client.name, { shouldValidate: true });
      if (client.email) form.setValue('clientEmail', client.email, { shouldValidate: true });
    }
  };
  const lines = useFieldArray({ control: form.control, name: 'lineItems' });
  const chosenRateIds = useWatch({ control: form.control, name: 'taxRateIds' }) ?? [];
  // A new invoice starts with the default rates checked, once they have loaded (issue 39).
  const defaultsApplied = useRef(initial !== undefined);
  const defaultIdsKey = taxRates.defaultIds.join(',');
  useEffect(() => {
    if (defaultsApplied.current || !taxRates.query.isSuccess) return;
    defaultsApplied.current = true;
    if (defaultIdsKey && !form.getFieldState('taxRateIds').isDirty) {
      form.setValue('taxRateIds', defaultIdsKey.split(','));
    }
  }, [defaultIdsKey, taxRates.query.isSuccess, form]);
  // The draft's own rates stay offered even if retired since (the server then says so).
  const offeredRates = taxRates.query.data
    ? taxRates.query.data.items.filter(
        (rate) => rate.retiredAt === null || (initial?.taxRateIds ?? []).includes(rate.id),
      )
    : [];
  const ratesChosen = chosenRateIds.length > 0;
  const linesError = errors.lineItems?.message ?? errors.lineItems?.root?.message;

  /** Choosing a plan fills an empty first line with that plan's month. */
  const planField = form.register('planType', {
    onChange: (event: { target: { value: string } }) => {
      const plan = plans.find(event.target.value);
      const [first] = form.getValues('lineItems');
      if (plan && first && !first.description.trim() && !first.unitPrice.trim()) {
        form.setValue('lineItems.0.description', `${plan.name} plan, one month`);
        form.setValue('lineItems.0.unitPrice', centsToDollars(plan.monthlyPrice));
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Client</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {clientPicker && (
            <div className="sm:col-span-2">
              {chosen ? (
                <ChosenClient
                  client={chosen}
                  focusRef={chosenRef}
                  onChooseAnother={() => choose(null)}
                />
              ) : (
                clientPicker(choose, choosingAgain)
              )}
            </div>
          )}
          <FormField
            label="Client Name"
            autoComplete="off"
            error={errors.clientName?.message}
            {...form.register('clientName')}
          />
          <FormField
            label="Client Email"
            type="email"
            autoComplete="off"
            error={errors.clientEmail?.message}
            {...form.register('clientEmail')}
          />
          <SelectField label="Plan (optional)" error={errors.planType?.message} {...planField}>
            <option value="">No plan</option>
            <PlanOptions plans={plans.plans} />
          </SelectField>
          <FormField
            label="Due Date"
            type="date"
            error={errors.dueDate?.message}
            {...form.register('dueDate')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Line Items</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <LineItemsEditor
            rows={lines.fields}
            noun="line"
            label="Line items"
            addLabel="Add Line Item"
            descriptionPlaceholder="Description"
            minRows={1}
            error={linesError}
            errorsOf={(index) => errors.lineItems?.[index]}
            registerDescription={(index) => form.register(`lineItems.${index}.description`)}
            registerQuantity={(index) => form.register(`lineItems.${index}.quantity`)}
            renderPrice={(index, input) => (
              <Input
                {...input}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                placeholder="0.00"
                {...form.register(`lineItems.${index}.unitPrice`)}
              />
            )}
            renderNote={(index) => (
              <>
                {offeredRates.length > 0 && (
                  <label className="col-span-3 flex items-center gap-2 text-sm sm:col-span-4">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-primary"
                      aria-label={`Taxable, line ${index + 1}`}
                      {...form.register(`lineItems.${index}.taxable`)}
                    />
                    Taxable
                  </label>
                )}
                <DroppedLineNote control={form.control} index={index} />
              </>
            )}
            onAdd={() => lines.append(EMPTY_LINE)}
            onRemove={(index) => lines.remove(index)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Totals and Notes</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {offeredRates.length > 0 && (
            <Controller
              control={form.control}
              name="taxRateIds"
              render={({ field }) => (
                <TaxRateChecklist
                  legend="Tax rates"
                  hint="Each applies to the taxable lines after the discount."
                  rates={offeredRates}
                  value={field.value ?? []}
                  onChange={(ids) => {
                    field.onChange(ids);
                    // The schema refuses a typed amount beside rates; its field goes away.
                    if (ids.length > 0) form.setValue('tax', '');
                  }}
                />
              )}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {!ratesChosen && (
              <FormField
                label="Tax ($)"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                placeholder="0.00"
                hint={offeredRates.length > 0 ? 'Or a single amount, with no rate.' : undefined}
                error={errors.tax?.message}
                {...form.register('tax')}
              />
            )}
            <FormField
              label="Discount ($)"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="0.00"
              error={errors.discount?.message}
              {...form.register('discount')}
            />
          </div>
          <TextareaField
            label="Notes"
            rows={3}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <LiveTotals control={form.control} rates={offeredRates} />
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

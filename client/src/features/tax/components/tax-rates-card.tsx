import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CreateTaxRateSchema,
  type CreateTaxRate,
  type CreateTaxRateInput,
  type TaxRate,
} from '@shared/schemas/tax';
import { thousandthsToPercent } from '@shared/tax';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCreateTaxRate } from '../api/create-tax-rate';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { useTaxRates } from '../api/get-tax-rates';
import { useRetireTaxRate } from '../api/retire-tax-rate';
import { useUpdateTaxRate } from '../api/update-tax-rate';
import { percentLabel } from './tax-rate-label';

const EMPTY: CreateTaxRateInput = { name: '', percent: '', isDefault: false };

function AddTaxRateForm() {
  const create = useCreateTaxRate();
  const form = useForm<CreateTaxRateInput, unknown, CreateTaxRate>({
    resolver: zodResolver(CreateTaxRateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // The schema turns the percentage into thousandths; the API takes it as typed (4.45).
  const onSubmit = form.handleSubmit(({ name, percent, isDefault }) =>
    create.mutate(
      { name, percent: thousandthsToPercent(percent), isDefault },
      {
        onSuccess: (rate) => {
          toast({
            title: 'Tax rate added',
            description: `${rate.name} ${percentLabel(rate.percent)}`,
          });
          form.reset(EMPTY);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Add a tax rate">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <FormField
          label="Rate name"
          placeholder="Louisiana state"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          label="Percentage (%)"
          inputMode="decimal"
          placeholder="4.45"
          autoComplete="off"
          hint="Up to 3 decimals."
          error={errors.percent?.message}
          {...form.register('percent')}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-primary" {...form.register('isDefault')} />
        Default: applied to renewals and pre-checked on new invoices
      </label>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add tax rate'}
      </Button>
    </form>
  );
}

const RenameSchema = CreateTaxRateSchema.pick({ name: true });

function RenameForm({ rate, onDone }: { rate: TaxRate; onDone: () => void }) {
  const update = useUpdateTaxRate();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(RenameSchema),
    defaultValues: { name: rate.name },
  });
  const onSubmit = form.handleSubmit(({ name }) =>
    update.mutate({ id: rate.id, name }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <FormField
          label={`New name for ${rate.name}`}
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

type Pending = { action: 'retire' | 'delete'; rate: TaxRate } | null;

function RateRow({
  rate,
  onAsk,
}: {
  rate: TaxRate;
  onAsk: (pending: NonNullable<Pending>) => void;
}) {
  const update = useUpdateTaxRate();
  const [renaming, setRenaming] = useState(false);
  const retired = rate.retiredAt !== null;
  return (
    <li className="space-y-2 p-3" data-testid="tax-rate">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="break-words font-medium">{rate.name}</span>
          <span className="text-sm tabular-nums text-muted-foreground">
            {percentLabel(rate.percent)}
          </span>
          {rate.isDefault && !retired && <Badge variant="success">Default</Badge>}
          {retired && <Badge variant="secondary">Retired</Badge>}
        </div>
        {!retired && (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={`Rename ${rate.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={update.isPending}
              aria-label={`${rate.isDefault ? 'Stop making default' : 'Make default'}: ${rate.name}`}
              onClick={() => update.mutate({ id: rate.id, isDefault: !rate.isDefault })}
            >
              {rate.isDefault ? 'Not default' : 'Make default'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={`Retire ${rate.name}`}
              onClick={() => onAsk({ action: 'retire', rate })}
            >
              Retire
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={`Delete ${rate.name}`}
              onClick={() => onAsk({ action: 'delete', rate })}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {renaming && <RenameForm rate={rate} onDone={() => setRenaming(false)} />}
    </li>
  );
}

function RateList({ rates }: { rates: TaxRate[] }) {
  const retire = useRetireTaxRate();
  const remove = useDeleteTaxRate();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const name = pending?.rate.name ?? '';
  return (
    <>
      {rates.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tax rates yet: invoices carry a single tax amount typed by hand.
        </p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Tax rates">
          {rates.map((rate) => (
            <RateRow key={rate.id} rate={rate} onAsk={setPending} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending?.action === 'retire'}
        onOpenChange={(open) => !open && close()}
        title="Retire this tax rate?"
        description={`“${name}” stays on the invoices and proposals that used it; new ones cannot choose it.`}
        confirmLabel="Retire"
        pendingLabel="Retiring..."
        pending={retire.isPending}
        onConfirm={() => pending && retire.mutate(pending.rate.id, { onSuccess: close })}
      />
      <ConfirmDialog
        open={pending?.action === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete this tax rate?"
        description={`“${name}” will be gone. A rate used on an invoice cannot be deleted: retire it instead.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        // A refusal (409, the rate is used) is the toast's: the server's reason, and the dialog closes.
        onConfirm={() => pending && remove.mutate(pending.rate.id, { onSettled: close })}
      />
    </>
  );
}

/** Settings' "Sales tax": the agency's named rates (issue 39). */
export function TaxRatesCard() {
  const rates = useTaxRates();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Sales tax</CardTitle>
        <CardDescription>
          Named rates chosen on invoices and proposals. A rate&apos;s percentage never changes:
          retire it and add a new one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState query={rates} what="tax rates" loading={<Skeleton className="h-24 w-full" />}>
          {(data) => <RateList rates={data.items} />}
        </QueryState>
        <AddTaxRateForm />
      </CardContent>
    </Card>
  );
}

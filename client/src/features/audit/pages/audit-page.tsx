import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AuditQuerySchema,
  type AuditQuery,
} from '@shared/schemas/audit';
import { PAGE_SIZES } from '@shared/schemas/common';
import { Button } from '@/components/ui/button';
import { FormField, SelectField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { PagedList } from '@/components/ui/paged-list';
import { useListParams } from '@/lib/list-params';
import { AUDIT_PARAMS, useAuditEvents, type AuditParams } from '../api/get-audit-events';
import { AuditEventList } from '../components/audit-event-list';

type FilterInput = z.input<typeof AuditQuerySchema>;

function Filters({
  params,
  onApply,
}: {
  params: AuditParams;
  onApply: (next: AuditParams) => void;
}) {
  const form = useForm<FilterInput, unknown, AuditQuery>({
    resolver: zodResolver(AuditQuerySchema),
    values: {
      actor: params.actor ?? '',
      kind: params.kind ?? '',
      from: params.from ?? '',
      to: params.to ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ actor, kind, from, to }) =>
    onApply({ actor, kind, from, to, pageSize: params.pageSize }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Filter the audit log"
      className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto]"
    >
      <FormField
        label="Actor e-mail"
        type="email"
        placeholder="owner@example.com"
        error={errors.actor?.message}
        {...form.register('actor')}
      />
      <SelectField label="Kind" error={errors.kind?.message} {...form.register('kind')}>
        <option value="">All kinds</option>
        {AUDIT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {AUDIT_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <FormField label="From" type="date" error={errors.from?.message} {...form.register('from')} />
      <FormField label="To" type="date" error={errors.to?.message} {...form.register('to')} />
      <div className="flex items-end gap-2">
        <Button type="submit">Filter</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => onApply({ pageSize: params.pageSize })}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/audit: what admins did, newest first; filters and page in the URL
 * (?actor=&kind=&from=&to=&page=&pageSize=).
 */
export function AuditPage() {
  const { params, update } = useListParams(AUDIT_PARAMS);
  const events = useAuditEvents(params);
  const pageSize = events.data?.pageSize ?? PAGE_SIZES[0];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Audit log</h1>
        <p className="text-muted-foreground">
          Every change made by an admin, and every sign-in. Rows cannot be changed or deleted.
        </p>
      </div>
      <Filters params={params} onApply={(next) => update(next)} />
      <div className="flex justify-end">
        <label className="flex items-center gap-2 whitespace-nowrap text-sm">
          Per page
          <NativeSelect
            className="w-20"
            value={String(pageSize)}
            onChange={(event) => update({ pageSize: event.target.value })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <PagedList
        query={events}
        what="Events"
        empty="No events yet."
        noMatch="No events match these filters."
        filtered={Boolean(params.actor || params.kind || params.from || params.to)}
        onPage={(page) => update({ page: page === 1 ? undefined : String(page) })}
      >
        {(items) => <AuditEventList events={items} />}
      </PagedList>
    </div>
  );
}

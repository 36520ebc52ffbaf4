import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AuditQuerySchema,
  type AuditQuery,
} from '@shared/schemas/audit';
import { PAGE_SIZES, showingRange } from '@shared/schemas/common';
import { Button } from '@/components/ui/button';
import { FormField, SelectField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-request';
import {
  AUDIT_PARAMS,
  auditQueryString,
  useAuditEvents,
  type AuditParams,
} from '../api/get-audit-events';
import { AuditEventList } from '../components/audit-event-list';

type FilterInput = z.input<typeof AuditQuerySchema>;

function readParams(search: string): AuditParams {
  const query = new URLSearchParams(search);
  return Object.fromEntries(
    AUDIT_PARAMS.flatMap((name) => {
      const value = query.get(name);
      return value ? [[name, value]] : [];
    }),
  );
}

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
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = readParams(search);
  const events = useAuditEvents(params);

  const go = (next: AuditParams) => {
    const query = auditQueryString(next);
    navigate(query ? `${location}?${query}` : location);
  };
  const page = events.data?.page ?? 1;
  const pageSize = events.data?.pageSize ?? PAGE_SIZES[0];
  const lastPage = events.data ? Math.max(1, Math.ceil(events.data.total / pageSize)) : 1;
  const toPage = (to: number) => go({ ...params, page: to === 1 ? undefined : String(to) });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Audit log</h1>
        <p className="text-muted-foreground">
          Every change made by an admin, and every sign-in. Rows cannot be changed or deleted.
        </p>
      </div>
      <Filters params={params} onApply={go} />
      {events.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : events.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(events.error, 'The audit log could not be loaded. Please reload the page.')}
        </p>
      ) : events.data ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {showingRange(events.data, 'No events')}
            </p>
            <label className="flex items-center gap-2 text-sm">
              Per page
              <NativeSelect
                className="w-20"
                value={String(pageSize)}
                onChange={(event) =>
                  go({ ...params, page: undefined, pageSize: event.target.value })
                }
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </label>
          </div>
          {events.data.items.length > 0 ? (
            <AuditEventList events={events.data.items} />
          ) : (
            <p className="text-muted-foreground">No events match these filters.</p>
          )}
          <nav aria-label="Pages" className="flex items-center justify-between gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={page <= 1}
              onClick={() => toPage(page - 1)}
            >
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {page.toLocaleString('en-US')} of {lastPage.toLocaleString('en-US')}
            </span>
            <Button
              type="button"
              variant="outline"
              disabled={page >= lastPage}
              onClick={() => toPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}

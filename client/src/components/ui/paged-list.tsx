import type { UseQueryResult } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lastPage, showingRange, type PageInfo } from '@shared/schemas/common';
import { errorMessage } from '@/lib/api-request';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Card, CardContent } from './card';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './native-select';
import { Skeleton } from './skeleton';

/** How long typing rests before the search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * A list's search box: the search runs once typing rests (or at once on Enter), and a value
 * changed from outside (the back button) shows up in the box.
 */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (value: string) => void;
  /** Read out by screen readers, e.g. 'Search invoices'. */
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  const run = (next: string) => {
    if (next.trim() === sent.current.trim()) return;
    sent.current = next;
    onSearch(next);
  };
  useEffect(() => {
    const timer = setTimeout(() => run(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `run` is a new function each render; only the text decides when the search runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <form
      role="search"
      className={cn('relative w-full sm:max-w-xs', className)}
      onSubmit={(event) => {
        event.preventDefault();
        run(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder ?? label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/**
 * A list's filter: a labelled select whose first choice, `all`, shows everything (an empty
 * value, dropped from the URL).
 */
export function ListFilter<T extends string>({
  label,
  all,
  value,
  options,
  labelOf,
  onChange,
}: {
  /** Shown above the select: 'Status'. */
  label: string;
  /** The first choice: 'All statuses'. */
  all: string;
  value: string | undefined;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="w-full space-y-2 sm:w-44">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Above a list: its search box, then its filters and any chips, wrapping on a phone. */
export function ListToolbar({
  search,
  children,
}: {
  search: Parameters<typeof ListSearch>[0];
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ListSearch {...search} />
      {children}
    </div>
  );
}

/** 'Showing 26-50 of 1,234' and the previous and next page. */
export function ListPager({
  info,
  what,
  onPage,
}: {
  info: PageInfo;
  /** The list's name, for the navigation's label: 'Invoices'. */
  what: string;
  onPage: (page: number) => void;
}) {
  const last = lastPage(info);
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <nav
      aria-label={`${what} pages`}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {showingRange(info)}
      </p>
      {/* A page past the end (an old link, rows deleted since) still offers the way back. */}
      {(last > 1 || info.page > 1) && (
        <div className="flex items-center gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={info.page <= 1}
            onClick={() => onPage(Math.min(info.page - 1, last))}
          >
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {n(info.page)} of {n(last)}
          </span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={info.page >= last}
            onClick={() => onPage(info.page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}

/**
 * One page of a list with its loading, failure and empty states and the pager below it. An
 * empty list says `empty` when nothing is filtered and `noMatch` when a search or filter is
 * set.
 */
export function PagedList<T>({
  query,
  what,
  empty,
  noMatch,
  filtered,
  onPage,
  children,
}: {
  query: Pick<
    UseQueryResult<PageInfo & { items: T[] }>,
    'isLoading' | 'isError' | 'error' | 'data' | 'isPlaceholderData'
  >;
  /** What the list holds, capitalised: 'Invoices'. */
  what: string;
  empty: ReactNode;
  noMatch?: ReactNode;
  filtered: boolean;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div role="status" aria-label={`Loading ${what.toLowerCase()}`}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, `${what} could not be loaded. Please reload the page.`)}
      </p>
    );
  }
  const page = query.data;
  const emptyState = filtered ? (noMatch ?? `No ${what.toLowerCase()} match this search.`) : empty;
  return (
    <div className="space-y-4">
      {page.items.length > 0 ? (
        <div
          aria-busy={query.isPlaceholderData}
          className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          {children(page.items)}
        </div>
      ) : page.total > 0 ? null : typeof emptyState === 'string' ? (
        <p className="text-sm text-muted-foreground">{emptyState}</p>
      ) : (
        emptyState
      )}
      {(page.total > 0 || page.page > 1) && <ListPager info={page} what={what} onPage={onPage} />}
    </div>
  );
}

/** A list's card when it has nothing yet: what is missing, and the way to make the first. */
export function EmptyListCard({ message, action }: { message: string; action: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        <p className="text-muted-foreground">{message}</p>
        <Button asChild>{action}</Button>
      </CardContent>
    </Card>
  );
}

/** The card a page of a list (its table) stands in. */
export function ListCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-6">{children}</CardContent>
    </Card>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-request';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** Whether a query failed because the record does not exist (the API answered 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Why a record is gone for good (the API answered 410 and said why), else undefined. */
function goneReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 410 ? error.serverMessage : undefined;
}

/**
 * One record's loading, failure and not-found states, worded the same on every screen:
 * 'Ticket not found' for a 404, the server's reason for a 410 (no longer kept: nothing to
 * retry), 'The ticket could not be loaded.' with a Retry button for any other failure. With `children`, the record itself once it has loaded; without, nothing then
 * (a screen that frames each state itself renders this only while `query.data` is missing).
 */
export function QueryState<T>({
  query,
  what,
  notFoundText,
  errorText,
  loading,
  titleAs: Title = 'h2',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isLoading' | 'error' | 'data' | 'refetch' | 'isFetching'>;
  /** The record, in lower case: 'ticket', 'invoice', 'two-factor status'. */
  what: string;
  /** A sentence under 'Ticket not found': 'It does not exist or is not yours.' */
  notFoundText?: string;
  /** Only where the product spec words the failure itself ('Failed to fetch invoice'). */
  errorText?: string;
  /** The loading placeholder in the shape of the record; a block by default. */
  loading?: ReactNode;
  /** The not-found title's level: h1 where the screen has no title of its own. */
  titleAs?: 'h1' | 'h2' | 'h3';
  children?: (data: T) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div role="status" aria-label={`Loading the ${what}`}>
        {loading ?? <Skeleton className="h-24 w-full" />}
      </div>
    );
  }
  if (query.data !== undefined) return children ? children(query.data) : null;
  if (isNotFound(query.error)) {
    return (
      <div role="alert" className="space-y-2">
        <Title className="text-xl font-semibold">
          {what.charAt(0).toUpperCase() + what.slice(1)} not found
        </Title>
        {notFoundText && <p className="text-muted-foreground">{notFoundText}</p>}
      </div>
    );
  }
  const gone = goneReason(query.error);
  if (gone) {
    return (
      <p role="alert" className="text-muted-foreground">
        {gone}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-destructive">{errorText ?? `The ${what} could not be loaded.`}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        <RotateCw className="h-4 w-4" aria-hidden="true" /> Retry
      </Button>
    </div>
  );
}

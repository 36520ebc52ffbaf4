import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/** A list query's loading, failure and empty states; the list itself when it has items. */
export function QueryList<T>({
  query,
  what,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T[]>, 'isLoading' | 'isError' | 'data'>;
  /** What failed to load, e.g. 'The links'. */
  what: string;
  /** The empty state: a sentence, or a whole block (a call to action). */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div role="status" aria-label={`Loading ${what.toLowerCase()}`}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {what} could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!query.data?.length) {
    return typeof empty === 'string' ? (
      <p className="text-sm text-muted-foreground">{empty}</p>
    ) : (
      empty
    );
  }
  return children(query.data);
}

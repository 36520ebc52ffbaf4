import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { apiGet } from './api-request';

/** A list's query-string parameters as the screen keeps them in its URL (absent: not set). */
export type ListParams<Name extends string> = Partial<Record<Name, string>>;

/** `q=tax&page=2`: only the named, non-empty parameters, in the order of `names`. */
export function listQueryString<Name extends string>(
  names: readonly Name[],
  params: ListParams<Name>,
): string {
  const query = new URLSearchParams();
  for (const name of names) {
    const value = params[name]?.trim();
    if (value) query.set(name, value);
  }
  return query.toString();
}

/** The key every page of a list endpoint starts with: invalidating it refreshes them all. */
export const pagesKey = (path: string) => [path, 'page'] as const;

/**
 * The query options of one page of a list endpoint, keyed by pagesKey and the query string;
 * the last page stays on screen while the next one loads.
 */
export function pageQueryOptions<Schema extends z.ZodType, Name extends string>(
  path: string,
  schema: Schema,
  names: readonly Name[],
  params: ListParams<Name>,
) {
  const query = listQueryString(names, params);
  return queryOptions({
    queryKey: [...pagesKey(path), query],
    queryFn: ({ signal }) => apiGet(query ? `${path}?${query}` : path, schema, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * A list screen's search, filters and page, read from and written to the URL, so a reload, a
 * shared link and the back button all come back to the same view. Changing anything but the
 * page goes back to page 1.
 *
 * `prefix`: for a list that shares its page's URL with other state (the marketing tool's
 * `?search=`), its parameters are named `{prefix}Q`, `{prefix}Page`... and every other
 * parameter of the URL is kept. Without it the URL holds the list's parameters only.
 */
export function useListParams<Name extends string>(
  names: readonly Name[],
  { prefix }: { prefix?: string } = {},
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const inUrl = useCallback(
    (name: Name) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name),
    [prefix],
  );
  const params = useMemo(() => {
    const query = new URLSearchParams(search);
    const read: ListParams<Name> = {};
    for (const name of names) {
      const value = query.get(inUrl(name));
      if (value) read[name] = value;
    }
    return read;
  }, [search, names, inUrl]);

  const update = useCallback(
    (changes: ListParams<Name>, { replace = false }: { replace?: boolean } = {}) => {
      const next: ListParams<Name> = { ...params, ...changes };
      if (!('page' in changes)) delete next['page' as Name];
      const own = new URLSearchParams(listQueryString(names, next));
      const query = prefix ? new URLSearchParams(search) : new URLSearchParams();
      for (const name of names) query.delete(inUrl(name));
      for (const [name, value] of own) query.set(inUrl(name as Name), value);
      const text = query.toString();
      navigate(text ? `${location}?${text}` : location, { replace });
    },
    [params, names, prefix, search, inUrl, location, navigate],
  );
  return { params, update };
}

import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SearchListParams } from '../api/get-searches';

/**
 * The past searches' search and page in the marketing tool's URL. The page's own `?search=`
 * (the search shown) shares the address, so the list's parameters have names of their own
 * and changing them keeps every other parameter.
 */
const IN_URL = { q: 'searchesQ', page: 'searchesPage' } as const;

/** A short list below the search form and its results. */
export const PAST_SEARCHES_PAGE_SIZE = 10;

export function usePastSearchParams() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo<SearchListParams>(() => {
    const query = new URLSearchParams(search);
    return {
      q: query.get(IN_URL.q) ?? undefined,
      page: query.get(IN_URL.page) ?? undefined,
      pageSize: String(PAST_SEARCHES_PAGE_SIZE),
    };
  }, [search]);

  /** A new search goes back to page 1; page 1 is left out of the address. */
  const update = useCallback(
    (changes: { q?: string; page?: number }, { replace = false }: { replace?: boolean } = {}) => {
      const query = new URLSearchParams(search);
      const set = (name: string, value: string | undefined) =>
        value ? query.set(name, value) : query.delete(name);
      if (changes.q !== undefined) {
        set(IN_URL.q, changes.q.trim());
        query.delete(IN_URL.page);
      }
      if (changes.page !== undefined) {
        set(IN_URL.page, changes.page > 1 ? String(changes.page) : undefined);
      }
      const next = query.toString();
      navigate(next ? `${location}?${next}` : location, { replace });
    },
    [search, location, navigate],
  );
  return { params, update };
}

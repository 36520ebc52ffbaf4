import { useMemo } from 'react';
import { useListParams } from '@/lib/list-params';
import type { SearchListParams } from '../api/get-searches';

/** A short list below the search form and its results. */
export const PAST_SEARCHES_PAGE_SIZE = 10;

/**
 * The past searches' search and page in the marketing tool's URL, as `searchesQ` and
 * `searchesPage`: the page's own `?search=` (the search shown) shares the address and stays.
 */
const NAMES = ['q', 'page'] as const;

export function usePastSearchParams() {
  const { params, update } = useListParams(NAMES, { prefix: 'searches' });
  const withSize = useMemo<SearchListParams>(
    () => ({ ...params, pageSize: String(PAST_SEARCHES_PAGE_SIZE) }),
    [params],
  );
  return { params: withSize, update };
}

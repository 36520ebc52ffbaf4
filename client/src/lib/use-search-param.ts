import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** One query-string parameter as state, so a filter survives reload and the back button. */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next === null) params.delete(name);
      else params.set(name, next);
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [name, search, location, navigate],
  );
  return [value, setValue];
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsState } from '@shared/places';
import { CitySuggestionsSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';

const PATH = '/api/admin/marketing-tool/cities';

/**
 * GET /api/admin/marketing-tool/cities?state=&q=: a few cities of the state for what was
 * typed, best first. Without a state, the agency's own state (its business details) and its
 * default suggestions: the form starts there. The gazetteer stays on the server.
 */
export function getCitySuggestions(state: UsState | undefined, q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ ...(state ? { state } : {}), ...(q ? { q } : {}) });
  const search = query.toString();
  return apiGet(`${PATH}${search ? `?${search}` : ''}`, CitySuggestionsSchema, signal);
}

export const citySuggestionsQueryOptions = (state: UsState | undefined, q: string) =>
  queryOptions({
    queryKey: [PATH, state ?? null, q],
    queryFn: ({ signal }) => getCitySuggestions(state, q, signal),
    // The gazetteer does not change while the server runs.
    staleTime: Infinity,
  });

/** The suggestions for what was typed; the state's last ones stay shown while the next load. */
export function useCitySuggestions(state: UsState | '', q: string) {
  return useQuery({
    ...citySuggestionsQueryOptions(state || undefined, q),
    enabled: Boolean(state),
    placeholderData: (previous) => (previous?.state === state ? previous : undefined),
  });
}

/** The agency's own state, the form's default (Louisiana when its business details name none). */
export function useHomeState() {
  return useQuery({ ...citySuggestionsQueryOptions(undefined, ''), select: (data) => data.state });
}

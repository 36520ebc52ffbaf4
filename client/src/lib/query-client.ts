import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isUnauthorized } from './api-request';

/**
 * What a mutation says when it fails. The toast shows the server's message when it sent one,
 * else `fallback`. A mutation without `error` shows its failure itself (on a form field).
 */
export interface MutationErrorMeta {
  error?: { title?: string; fallback: string; serverMessage?: boolean };
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** The one place a failed mutation reaches the user (docs/conventions.md: one way to show errors). */
export function showMutationError(error: unknown, meta: MutationErrorMeta | undefined): void {
  const shown = meta?.error;
  // A 401 is the session ending: the portal's and admin's guards say so and sign in again.
  if (!shown || isUnauthorized(error)) return;
  toast({
    title: shown.title ?? 'Error',
    description:
      shown.serverMessage === false ? shown.fallback : errorMessage(error, shown.fallback),
    variant: 'destructive',
  });
}

/**
 * Every query names its own fetcher (each endpoint's file under features/<name>/api), so
 * there is no default query function keyed by URL.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        showMutationError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

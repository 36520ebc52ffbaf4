import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

const appQueryClient = createQueryClient();

/**
 * The query cache for the screens that use it (portal, admin, the signed-in redirect on "/").
 * It lives in their lazily loaded chunks, so the public landing page ships no query library.
 * A client provided further up (tests) is used as is.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/** Renders UI with the app's providers at a path; the returned location records navigations. */
export function renderWithApp(ui: ReactNode, path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders>
        <Router hook={location.hook}>{ui}</Router>
      </AppProviders>
    </QueryClientProvider>,
  );
  return location;
}

import type { ReactNode } from 'react';
import { ToasterHost } from '@/components/ui/toaster-host';
import { RootErrorBoundary } from '@/app/error-boundaries';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <RootErrorBoundary>
      {children}
      <ToasterHost />
    </RootErrorBoundary>
  );
}

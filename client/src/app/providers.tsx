import type { ReactNode } from 'react';
import { ToasterHost } from '@/components/ui/toaster-host';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
}

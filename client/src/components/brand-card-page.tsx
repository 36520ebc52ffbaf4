import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

/**
 * A page of one card under the brand's name, for visitors outside the portal (an invitation,
 * a pay link): the name links home.
 */
export function BrandCardPage({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <Link href={paths.home()} className="font-display text-2xl font-bold text-primary">
        {brand}
      </Link>
      <Card className="w-full max-w-md">{children}</Card>
    </main>
  );
}

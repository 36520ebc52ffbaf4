import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

/**
 * A page of one card under the brand's name, for visitors outside the portal (an invitation,
 * a pay link): the name links home, and the legal pages are linked under the card.
 */
export function BrandCardPage({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <Link href={paths.home()} className="font-display text-2xl font-bold text-primary">
        {brand}
      </Link>
      <Card className="w-full max-w-md">{children}</Card>
      <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        <Link href={paths.privacy()} className="text-primary underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
        <Link href={paths.terms()} className="text-primary underline-offset-4 hover:underline">
          Terms of Service
        </Link>
      </nav>
    </main>
  );
}

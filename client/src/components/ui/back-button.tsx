import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from './button';

/** The small "back" link at the top of an admin page: to its list, or the record it edits. */
export function BackButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={href}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {children}
      </Link>
    </Button>
  );
}

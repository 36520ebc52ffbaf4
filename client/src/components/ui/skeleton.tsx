import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block while content loads; hidden from screen readers (say "Loading" nearby). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The frame of a portal screen below the dashboard, under the portal's header: a back link, the
 * title, an action.
 */
export function PortalPage({
  back,
  title,
  action,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main-content" className="mx-auto max-w-4xl px-4 py-8">
      <Link
        href={back.href}
        className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {back.label}
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        {/* A ticket's subject is the title: a long word in it must wrap, not widen the page. */}
        <h1 className="min-w-0 break-words font-display text-3xl font-bold">{title}</h1>
        {action}
      </div>
      <div className="mt-6">{children}</div>
    </main>
  );
}

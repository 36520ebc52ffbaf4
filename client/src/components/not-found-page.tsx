import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

interface NotFoundProps {
  /** Where the way back leads: the home page, the portal's or the admin's dashboard. */
  back?: { href: string; label: string };
  /**
   * Drawn inside a layout: 'shell' has its own `<main>` (the admin shell), so the page adds no
   * second one; 'header' only puts a header above the page (the portal's). Either way the page
   * does not fill the screen.
   */
  inLayout?: 'shell' | 'header';
}

/** Any address no route answers: says so in a user's words, with a way back. */
function NotFound({
  back = { href: paths.home(), label: 'Go to the home page' },
  inLayout,
}: NotFoundProps) {
  const Frame = inLayout === 'shell' ? 'div' : 'main';
  return (
    <Frame
      id={Frame === 'main' ? 'main-content' : undefined}
      className={cn(
        'flex w-full items-center justify-center p-4',
        inLayout ? 'py-12' : 'min-h-screen bg-muted/40',
      )}
    >
      <Card className="w-full max-w-md">
        <div className="p-6">
          <div className="mb-4 flex items-center gap-2">
            <SearchX className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-2xl font-bold">Page not found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            We couldn&apos;t find the page you were looking for. The link may be out of date, or the
            address may have a typo.
          </p>
          <p className="mt-6 text-sm">
            <Link
              href={back.href}
              className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              {back.label}
            </Link>
          </p>
        </div>
      </Card>
    </Frame>
  );
}

/** The site's not-found page, with a link to the home page. */
export function NotFoundPage() {
  return <NotFound />;
}

/** The admin's not-found page, inside the admin shell's `<main>`. */
export function AdminNotFoundPage() {
  return (
    <NotFound
      inLayout="shell"
      back={{ href: paths.admin.dashboard(), label: 'Go to the dashboard' }}
    />
  );
}

/** The portal's not-found page. */
export function PortalNotFoundPage() {
  return (
    <NotFound
      inLayout="header"
      back={{ href: paths.portal.dashboard(), label: 'Go to your dashboard' }}
    />
  );
}

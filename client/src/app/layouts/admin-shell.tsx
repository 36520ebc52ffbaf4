import {
  BarChart3,
  BookOpen,
  ChevronDown,
  CreditCard,
  FileSignature,
  FileText,
  Globe,
  History,
  LifeBuoy,
  LogOut,
  Mail,
  Megaphone,
  Menu,
  MessageSquare,
  PanelsTopLeft,
  Settings,
  Tags,
  Users,
} from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { NewRequestCount } from '@/features/consultations/public';
import { HeldMessageCount } from '@/features/inbound/public';
import { usePublicSettings } from '@/features/settings/public';
import { OpenTicketCount } from '@/features/tickets/public';
import {
  adminLoginPath,
  useAdmin,
  useLogoutAdmin,
  useRecheckAdminOnUnauthorized,
} from '@/features/admin-auth/public';
import { paths } from '@/lib/paths';

const NAV_ITEMS = [
  { href: paths.admin.dashboard(), label: 'Dashboard', icon: BarChart3 },
  { href: paths.admin.proposals(), label: 'Proposals', icon: FileSignature },
  { href: paths.admin.invoices(), label: 'Invoices', icon: FileText },
  { href: paths.admin.payments(), label: 'Payments', icon: CreditCard },
  { href: paths.admin.books(), label: 'Books', icon: BookOpen },
  { href: paths.admin.clients(), label: 'Clients', icon: Users },
  { href: paths.admin.sites(), label: 'Websites', icon: Globe },
  { href: paths.admin.support(), label: 'Support', icon: LifeBuoy },
  { href: paths.admin.requests(), label: 'Requests', icon: MessageSquare },
  { href: paths.admin.marketingTool(), label: 'Marketing', icon: Megaphone },
  { href: paths.admin.website(), label: 'Website', icon: PanelsTopLeft },
  { href: paths.admin.outbox(), label: 'Outbox', icon: Mail },
  { href: paths.admin.audit(), label: 'Audit log', icon: History },
  { href: paths.admin.plans(), label: 'Plans', icon: Tags },
  { href: paths.admin.settings(), label: 'Settings', icon: Settings },
] as const;

/** Highlighted when the path is the link's href or below it. */
export function isNavItemActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

const MENU_ID = 'admin-nav-menu';

/**
 * The admin navigation. From `md` up, a tab bar (scrolling sideways in its own box when the
 * window is narrower than its links). Below `md`, one list of links behind a button that
 * names the current page: a disclosure, as on the landing page, rather than an ARIA menu,
 * because these are links to pages (docs/decisions/019-admin-navigation-on-phones.md).
 * It is the same list in both layouts, so every link and count badge exists once.
 */
function AdminNav({ location }: { location: string }) {
  // The list is open for the page it was opened on: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const button = useRef<HTMLButtonElement>(null);
  const current = NAV_ITEMS.find(({ href }) => isNavItemActive(location, href));
  const CurrentIcon = current?.icon ?? Menu;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpenAt(null);
    button.current?.focus();
  };

  return (
    <nav aria-label="Admin" className="mx-auto max-w-7xl px-4" onKeyDown={onKeyDown}>
      <div className="pb-3 md:hidden">
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpenAt(open ? null : location)}
          className="flex w-full items-center justify-between gap-3 rounded-md border bg-background px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex min-w-0 items-center gap-2 text-primary">
            <CurrentIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{current?.label ?? 'Admin'}</span>
          </span>{' '}
          <span className="flex items-center gap-1 text-muted-foreground">
            {/* What waits behind the closed menu: open tickets, held e-mail, new requests. */}
            {!open && (
              <>
                <OpenTicketCount />
                <HeldMessageCount />
                <NewRequestCount />
              </>
            )}
            Menu
            <ChevronDown
              className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          </span>
        </button>
      </div>
      {/* Open on a phone, two columns: sixteen links in one would run below an 844 px screen. */}
      <ul
        id={MENU_ID}
        className={cn(
          'grid-cols-2 gap-1 pb-3 md:flex md:flex-row md:overflow-x-auto md:pb-0',
          open ? 'grid' : 'hidden',
        )}
      >
        {NAV_ITEMS.map(({ href, label, icon: Icon }) => {
          const active = isNavItemActive(location, href);
          return (
            <li key={href} className="min-w-0 md:shrink-0">
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                onClick={() => setOpenAt(null)}
                className={cn(
                  'flex items-center gap-2 rounded-md px-3 py-3 text-sm font-medium transition-colors md:rounded-none md:border-b-2 md:gap-1.5 md:px-2.5',
                  active
                    ? 'bg-primary/10 text-primary md:border-primary md:bg-transparent'
                    : 'text-muted-foreground hover:text-foreground md:border-transparent',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
                {href === paths.admin.support() && (
                  <>
                    <OpenTicketCount />
                    <HeldMessageCount />
                  </>
                )}
                {href === paths.admin.requests() && <NewRequestCount />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Every admin screen but login: checks the admin session, then shows header and navigation. */
export function AdminShell({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { businessName } = usePublicSettings();
  const { data: admin, isLoading, isError } = useAdmin();
  const logout = useLogoutAdmin();
  useRecheckAdminOnUnauthorized();

  useEffect(() => {
    if (!isError) return;
    // An ended session is an ordinary way to the sign-in page, not an error: no red toast.
    toast({
      title: 'Authentication Required',
      description: 'Please login to access the admin panel',
    });
    // Signing in again comes back here.
    navigate(adminLoginPath(search ? `${location}?${search}` : location));
    // Only the session's end decides; where it ended is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, navigate]);

  // Every admin must use two-factor and this one has not set it up: nothing else until then.
  const mustSetUp = admin?.twoFactorSetupRequired === true;
  const elsewhere = mustSetUp && location !== paths.admin.twoFactorSetup();
  useEffect(() => {
    if (elsewhere) navigate(paths.admin.twoFactorSetup(), { replace: true });
  }, [elsewhere, navigate]);

  if (isLoading || !admin || elsewhere) return <FullScreenSpinner label="Loading..." />;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out', description: 'You have been successfully logged out' });
        navigate(paths.admin.login());
      },
    });

  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4">
          {/* On a phone the title wraps beside the button rather than pushing it below. */}
          <div className="min-w-0 break-words">
            <p className="font-display text-xl font-bold text-primary">{businessName} Admin</p>
            <p className="text-sm text-muted-foreground">
              {admin.firstSignIn ? 'Welcome, ' : 'Welcome back, '}
              {admin.firstName || admin.email}
            </p>
          </div>
          <Button
            variant="outline"
            className="shrink-0"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
          </Button>
        </div>
        {!mustSetUp && <AdminNav location={location} />}
      </header>
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}

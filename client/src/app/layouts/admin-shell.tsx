import {
  BarChart3,
  FileText,
  History,
  LifeBuoy,
  LogOut,
  Mail,
  Megaphone,
  MessageSquare,
  Settings,
  Users,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { NewRequestCount } from '@/features/consultations/public';
import { usePublicSettings } from '@/features/settings/public';
import { OpenTicketCount } from '@/features/tickets/public';
import {
  TWO_FACTOR_SETUP_PATH,
  useAdmin,
  useLogoutAdmin,
  useRecheckAdminOnUnauthorized,
} from '@/features/admin-auth/public';

const NAV_ITEMS = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: BarChart3 },
  { href: '/admin/invoices', label: 'Invoices', icon: FileText },
  { href: '/admin/clients', label: 'Clients', icon: Users },
  { href: '/admin/support', label: 'Support', icon: LifeBuoy },
  { href: '/admin/requests', label: 'Requests', icon: MessageSquare },
  { href: '/admin/marketing-tool', label: 'Marketing', icon: Megaphone },
  { href: '/admin/outbox', label: 'Outbox', icon: Mail },
  { href: '/admin/audit', label: 'Audit log', icon: History },
  { href: '/admin/settings', label: 'Settings', icon: Settings },
] as const;

/** Highlighted when the path is the link's href or below it. */
export function isNavItemActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

/** Every admin screen but login: checks the admin session, then shows header and navigation. */
export function AdminShell({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const { businessName } = usePublicSettings();
  const { data: admin, isLoading, isError } = useAdmin();
  const logout = useLogoutAdmin();
  useRecheckAdminOnUnauthorized();

  useEffect(() => {
    if (!isError) return;
    toast({
      title: 'Authentication Required',
      description: 'Please login to access the admin panel',
      variant: 'destructive',
    });
    navigate('/admin/login');
  }, [isError, navigate]);

  // Every admin must use two-factor and this one has not set it up: nothing else until then.
  const mustSetUp = admin?.twoFactorSetupRequired === true;
  const elsewhere = mustSetUp && location !== TWO_FACTOR_SETUP_PATH;
  useEffect(() => {
    if (elsewhere) navigate(TWO_FACTOR_SETUP_PATH, { replace: true });
  }, [elsewhere, navigate]);

  if (isLoading || !admin || elsewhere) return <FullScreenSpinner label="Loading..." />;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out', description: 'You have been successfully logged out' });
        navigate('/admin/login');
      },
    });

  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div>
            <p className="font-display text-xl font-bold text-primary">{businessName} Admin</p>
            <p className="text-sm text-muted-foreground">
              Welcome back, {admin.firstName || admin.email}
            </p>
          </div>
          <Button variant="outline" onClick={onLogout} disabled={logout.isPending}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </Button>
        </div>
        {!mustSetUp && (
          <nav aria-label="Admin" className="relative mx-auto max-w-7xl overflow-x-auto px-4">
            <ul className="flex gap-1">
              {NAV_ITEMS.map(({ href, label, icon: Icon }) => {
                const active = isNavItemActive(location, href);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium transition-colors',
                        active
                          ? 'border-primary text-primary'
                          : 'border-transparent text-muted-foreground hover:text-foreground',
                      )}
                    >
                      <Icon className="h-4 w-4" aria-hidden="true" />
                      {label}
                      {href === '/admin/support' && <OpenTicketCount />}
                      {href === '/admin/requests' && <NewRequestCount />}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </header>
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}

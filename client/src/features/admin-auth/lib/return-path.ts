import { paths } from '@/lib/paths';

const DASHBOARD = paths.admin.dashboard();

/**
 * The login page's address when a session ends on `path`: signing in again comes back to it
 * (the ticket whose reply was being typed, the filtered list), not to the dashboard.
 */
export function adminLoginPath(path: string): string {
  return path === DASHBOARD || path.startsWith(paths.admin.login())
    ? paths.admin.login()
    : paths.admin.login({ next: path });
}

/** Where a sign-in goes: `next` when it is an admin screen of this site, else the dashboard. */
export function adminReturnPath(next: string | null): string {
  if (!next || !next.startsWith(`${paths.admin.root()}/`) || next.startsWith(paths.admin.login()))
    return DASHBOARD;
  // One origin only: '/admin/..//x' or a backslash cannot make it another host's address.
  return /[\\]|\/\//.test(next) ? DASHBOARD : next;
}

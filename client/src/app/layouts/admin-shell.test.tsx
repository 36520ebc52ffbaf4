import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { SignedInAdminSchema, type SignedInAdmin } from '@shared/schemas/auth';
import { ConsultationSummarySchema } from '@shared/schemas/consultations';
import { InboundSummarySchema } from '@shared/schemas/inbound';
import { TicketSummarySchema } from '@shared/schemas/tickets';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { ChangePasswordForm } from '@/features/admin-auth/public';
import { renderWithApp } from '@tests/support/render-app';
import { AdminNotFoundPage } from '@/components/not-found-page';
import { AdminShell, isNavItemActive } from './admin-shell';

const admin: SignedInAdmin = {
  id: 'a1',
  email: 'owner@example.com',
  firstName: 'Morgan',
  lastName: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  firstSignIn: false,
};

/**
 * The admin API behind the shell, `handlers` first; `signedIn` says whether the session
 * still holds.
 */
function stubAdminApi(
  handlers: RequestHandler[],
  counts: { open: number; new: number; held?: number } = { open: 0, new: 0 },
) {
  const session = { signedIn: true };
  apiServer.use(
    ...handlers,
    http.get('/api/admin/me', () =>
      session.signedIn ? json(SignedInAdminSchema, admin) : errorJson(401, 'Unauthorized'),
    ),
    http.get('/api/admin/tickets/summary', () => json(TicketSummarySchema, { open: counts.open })),
    http.get('/api/admin/consultations/summary', () =>
      json(ConsultationSummarySchema, { new: counts.new }),
    ),
    http.get('/api/admin/inbound/summary', () =>
      json(InboundSummarySchema, {
        held: counts.held ?? 0,
        oldestHeldAt: counts.held ? '2026-11-28T09:00:00.000Z' : null,
      }),
    ),
  );
  return session;
}

describe('admin navigation highlight', () => {
  it('matches the href itself or a path below it', () => {
    expect(isNavItemActive('/admin/invoices', '/admin/invoices')).toBe(true);
    expect(isNavItemActive('/admin/invoices/new', '/admin/invoices')).toBe(true);
    expect(isNavItemActive('/admin/invoices-archive', '/admin/invoices')).toBe(false);
    expect(isNavItemActive('/admin/dashboard', '/admin/invoices')).toBe(false);
  });
});

describe('AdminShell', () => {
  it('draws the not-found page inside its one <main>, with a link to the dashboard', async () => {
    stubAdminApi([]);
    renderWithApp(
      <AdminShell>
        <AdminNotFoundPage />
      </AdminShell>,
      '/admin/no-such-page',
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it("says 'Failed to logout' when the sign-out fails, and stays", async () => {
    stubAdminApi([http.post('/api/admin/logout', () => new HttpResponse(null, { status: 500 }))]);
    const location = renderWithApp(<AdminShell>Dashboard</AdminShell>, '/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(
      (await screen.findAllByText('Failed to logout', {}, { timeout: 5000 }))[0],
    ).toBeVisible();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
  });

  it('goes to the login page when a call finds the session over', async () => {
    const session = stubAdminApi([
      http.post('/api/admin/reset-password', () => {
        session.signedIn = false;
        return errorJson(401, 'Your session has expired. Please sign in again.');
      }),
    ]);
    const location = renderWithApp(
      <AdminShell>
        <ChangePasswordForm />
      </AdminShell>,
      '/admin/settings',
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current Password'), 'old-password-1');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    const [notice] = await screen.findAllByText('Authentication Required', {}, { timeout: 5000 });
    expect(notice).toBeVisible();
    // An ordinary way to the sign-in page: not the red toast of an error.
    expect(notice!.closest('li')).not.toHaveClass('destructive');
    // Signing in again will come back to the settings.
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/login?next=%2Fadmin%2Fsettings'),
    );
    // The 401 is the session's end, not a failed password change.
    expect(screen.queryByText('Failed to reset password')).not.toBeInTheDocument();
  });
});

describe('the admin navigation on a phone', () => {
  it('is a button naming the current page that opens the list of links, badges included', async () => {
    stubAdminApi([], { open: 2, new: 1 });
    renderWithApp(<AdminShell>Invoices</AdminShell>, '/admin/invoices/new');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    // Closed, it says what waits behind it.
    const button = await within(nav).findByRole('button', {
      name: /^Invoices ?2 ?open ?1 ?new ?Menu$/,
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(button.getAttribute('aria-controls')!);
    expect(list).toBeInstanceOf(HTMLUListElement);

    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Invoices Menu');
    expect(within(list!).getByRole('link', { name: 'Invoices' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await within(list!).findByRole('link', { name: /^Support ?2 ?open$/ })).toBeVisible();
    expect(await within(list!).findByRole('link', { name: /^Requests ?1 ?new$/ })).toBeVisible();
  });

  it('counts the e-mails held for review beside Support, closed and open', async () => {
    stubAdminApi([], { open: 2, new: 0, held: 3 });
    renderWithApp(<AdminShell>Invoices</AdminShell>, '/admin/invoices');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const button = await within(nav).findByRole('button', {
      name: /^Invoices ?2 ?open ?3 ?held e-mail ?Menu$/,
    });
    await userEvent.setup().click(button);
    expect(
      await within(nav).findByRole('link', { name: /^Support ?2 ?open ?3 ?held e-mail$/ }),
    ).toBeVisible();
  });

  it('closes when a link is followed, and then names the new page', async () => {
    stubAdminApi([]);
    const location = renderWithApp(<AdminShell>Dashboard</AdminShell>, '/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dashboard Menu' }));
    await user.click(screen.getByRole('link', { name: 'Outbox' }));
    expect(location.history?.at(-1)).toBe('/admin/outbox');
    const button = screen.getByRole('button', { name: 'Outbox Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    stubAdminApi([]);
    renderWithApp(<AdminShell>Settings</AdminShell>, '/admin/settings');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Settings Menu' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it("names the admin area when the page is none of the links'", async () => {
    stubAdminApi([]);
    renderWithApp(<AdminShell>Nothing here</AdminShell>, '/admin/no-such-page');
    expect(await screen.findByRole('button', { name: 'Admin Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClientInvoicePageSchema } from '@shared/schemas/invoices';
import { CurrentUserSchema } from '@shared/schemas/profile';
import { PublicSettingsSchema } from '@shared/schemas/settings';
import { SubscriptionSchema } from '@shared/schemas/subscriptions';
import { SITE_SNAPSHOT_ELEMENT_ID } from '@shared/site-content';
import { DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';
import { ClientTicketSummarySchema, TicketPageSchema } from '@shared/schemas/tickets';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { AppRouter } from './router';

// The route groups are lazy chunks; the first import of one compiles it, which can take
// more than the default second on a busy machine.
const LAZY_LOAD = { timeout: 10_000 };

function renderAt(path: string) {
  return renderWithApp(<AppRouter />, path);
}

/** Every API call answered 401, as for a visitor who is not signed in. */
function stubSignedOut() {
  apiServer.use(http.all('/api/*', () => errorJson(401, 'Unauthorized')));
}

describe('the route table', () => {
  it('tells a visitor of an unknown path the page is not found, with a way home', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Page not found', level: 1 }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/couldn't find the page you were looking for/)).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('asks a signed-out visitor of the portal to log in', async () => {
    stubSignedOut();
    renderAt('/portal/support');
    expect(await screen.findByText('Please log in to continue', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Coast & Code Studio Client Portal', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fportal%2Fsupport',
    );
  });

  it('sends a signed-in client from / to the portal dashboard', async () => {
    document.cookie = 'signed_in=1; path=/';
    apiServer.use(
      http.get('/api/auth/user', () =>
        json(CurrentUserSchema, {
          id: 'u1',
          email: 'a@b.co',
          firstName: 'Ann',
          lastName: null,
          businessName: null,
          phoneNumber: null,
        }),
      ),
      http.get('/api/settings/public', () =>
        json(PublicSettingsSchema, {
          businessName: 'Coast & Code Studio',
          businessEmail: 'hello@coastandcode.studio',
          businessLocation: 'New Orleans, LA',
        }),
      ),
      http.get('/api/tickets/summary', () => json(ClientTicketSummarySchema, { unresolved: 0 })),
      http.get('/api/tickets', ({ request }) =>
        new URL(request.url).search === '?pageSize=5'
          ? json(TicketPageSchema, pageOf([], 5))
          : errorJson(404, 'Not found'),
      ),
      http.get('/api/subscription', () => json(SubscriptionSchema.nullable(), null)),
      http.get('/api/invoices', () => json(ClientInvoicePageSchema, pageOf([]))),
      http.all('/api/*', () => errorJson(404, 'Not found')),
    );
    const location = renderAt('/');
    expect(await screen.findByText('Welcome Ann', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(location.history).toContain('/portal/dashboard');
    document.cookie = 'signed_in=; path=/; max-age=0';
  });

  it('keeps the portal header on a portal sub-page', async () => {
    apiServer.use(
      http.get('/api/auth/user', () =>
        json(CurrentUserSchema, {
          id: 'u1',
          email: 'a@b.co',
          firstName: 'Ann',
          lastName: null,
          businessName: null,
          phoneNumber: null,
        }),
      ),
      http.all('/api/*', () => errorJson(404, 'Not found')),
    );
    renderAt('/portal/support/new');
    expect(
      await screen.findByRole('heading', { name: 'New Ticket', level: 1 }, LAZY_LOAD),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Welcome Ann');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Coast & Code Studio' })).toHaveAttribute(
      'href',
      '/portal/dashboard',
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows a visitor without the signed-in hint the landing page without asking the server', async () => {
    apiServer.use(http.all('/api/*', () => HttpResponse.json({})));
    // The page as the server hands it out carries its content (server/lib/spa.ts).
    const snapshot = document.createElement('script');
    snapshot.id = SITE_SNAPSHOT_ELEMENT_ID;
    snapshot.type = 'application/json';
    snapshot.textContent = JSON.stringify(DEFAULT_SITE_SNAPSHOT);
    document.head.append(snapshot);
    const calls = recordRequests();
    renderAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Where the Coast Meets the Code' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/auth/user');
    expect(calls.map((call) => call.url)).not.toContain('/api/site-content');
    snapshot.remove();
  });

  it('redirects /portal and /admin', async () => {
    stubSignedOut();
    const portal = renderAt('/portal');
    await screen.findByText('Please log in to continue', {}, LAZY_LOAD);
    expect(portal.history).toContain('/portal/dashboard');
  });
});

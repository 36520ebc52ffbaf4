import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { AppRouter } from './router';

// The route groups are lazy chunks; the first import of one compiles it, which can take
// more than the default second on a busy machine.
const LAZY_LOAD = { timeout: 10_000 };

function renderAt(path: string) {
  return renderWithApp(<AppRouter />, path);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it('shows the 404 page with its exact texts for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('404 Page Not Found', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('asks a signed-out visitor of the portal to log in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    renderAt('/portal/support');
    expect(await screen.findByText('Please log in to continue', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fportal%2Fsupport',
    );
  });

  it('sends a signed-in client from / to the portal dashboard', async () => {
    document.cookie = 'signed_in=1; path=/';
    const answers: Record<string, unknown> = {
      '/api/auth/user': {
        id: 'u1',
        email: 'a@b.co',
        firstName: 'Ann',
        lastName: null,
        businessName: null,
        phoneNumber: null,
      },
      '/api/settings/public': {
        businessName: 'Coast & Code Studio',
        businessEmail: 'hello@coastandcode.studio',
        businessLocation: 'New Orleans, LA',
      },
      '/api/tickets?pageSize=5': pageOf([], 5),
      '/api/tickets/summary': { unresolved: 0 },
      '/api/subscription': null,
      '/api/invoices': pageOf([]),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url in answers
          ? new Response(JSON.stringify(answers[url]))
          : new Response('{"message":"Not found"}', { status: 404 }),
      ),
    );
    const location = renderAt('/');
    expect(await screen.findByText('Welcome Ann', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(location.history).toContain('/portal/dashboard');
    document.cookie = 'signed_in=; path=/; max-age=0';
  });

  it('shows a visitor without the signed-in hint the landing page without asking the server', async () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Where the Coast Meets the Code' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/user', expect.anything());
  });

  it('redirects /portal and /admin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    const portal = renderAt('/portal');
    await screen.findByText('Please log in to continue', {}, LAZY_LOAD);
    expect(portal.history).toContain('/portal/dashboard');
  });
});

import { renderHook, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useRouter } from 'wouter';
import { clientRoutePatterns } from '@tests/support/client-routes';
import { apiServer, errorJson } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AppRouter } from '@/app/routes/router';
import { PAGE_TITLES } from '@/app/routes/page-titles';
import { documentTitleFor } from './document-title';

const BUSINESS = {
  businessName: 'Coast & Code Studio',
  businessEmail: 'hello@coastandcode.studio',
  businessLocation: 'New Orleans, LA',
  businessPhone: '',
  businessWebsite: '',
};

/** An address the pattern matches: '/admin/invoices/:id' -> '/admin/invoices/id-1'. */
function addressOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, '$1-1').replace(/\*$/, 'no-such-page');
}

/** The title at an address, matched with wouter's own pattern parser. */
function titleAt(address: string): string | undefined {
  const { result } = renderHook(() => useRouter().parser);
  return documentTitleFor(address, BUSINESS, result.current, PAGE_TITLES);
}

describe('the document title', () => {
  it('is set for every route of the route table, each to its own screen', () => {
    const patterns = clientRoutePatterns();
    expect(patterns.length).toBeGreaterThan(20);
    const titled = new Map(PAGE_TITLES);
    for (const pattern of patterns) {
      if (pattern === '/') continue;
      const title = titled.get(pattern);
      expect(title, `${pattern} has a title in page-titles.ts`).toBeTruthy();
      // The first matching line is the pattern's own (a fixed address before a record's).
      expect(titleAt(addressOf(pattern)), pattern).toBe(`${title} · Coast & Code Studio`);
    }
  });

  it('names the screen and the business', () => {
    expect(titleAt('/admin/invoices')).toBe('Invoices · Coast & Code Studio');
    expect(titleAt('/admin/invoices/new')).toBe('New Invoice · Coast & Code Studio');
    expect(titleAt('/admin/invoices/abc')).toBe('Invoice · Coast & Code Studio');
    expect(titleAt('/portal/support/new')).toBe('New Ticket · Coast & Code Studio');
    // The landing page writes its own, from its published content (landing-page.tsx).
    expect(titleAt('/')).toBeUndefined();
  });

  it('is written into the page as the route changes', async () => {
    apiServer.use(http.all('/api/*', () => errorJson(401, 'Unauthorized')));
    renderWithApp(<AppRouter />, '/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 });
    await waitFor(() => expect(document.title).toBe('Page not found · Coast & Code Studio'));
  });
});

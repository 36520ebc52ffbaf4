import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SitePageSchema } from '@shared/schemas/sites';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import {
  aSiteListItem,
  daysAfterNow,
  SITE_CLIENT_ID,
  SITE_NOW,
} from '@tests/support/site-fixtures';
import { SitesPage } from './sites-page';

const DOWN = aSiteListItem({
  id: '5e1f0000-0000-4000-8000-000000000002',
  url: 'https://broussard-catering.example/',
  status: 'down',
  responseMs: null,
  lastError: 'Did not answer in time',
  openIncident: {
    id: '1c1d0000-0000-4000-8000-000000000001',
    startedAt: '2026-12-07T13:00:00.000Z',
    endedAt: null,
    reason: 'Did not answer in time',
    ticketId: null,
  },
});
const LAPSING = aSiteListItem({
  id: '5e1f0000-0000-4000-8000-000000000003',
  url: 'https://guidry-florals.example/',
  clientId: '5e1f0000-0000-4000-8000-0000000000c2',
  clientName: 'Celeste Guidry',
  clientEmail: 'celeste@guidry-florals.example',
  certificateExpiresAt: daysAfterNow(3),
});

/** The list: two sites on page 1 of 2 (26 in all), one on page 2; `?status=down` the first. */
function stubList() {
  apiServer.use(
    http.get('/api/admin/sites', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('status') === 'paused') {
        return json(SitePageSchema, { items: [], total: 0, page: 1, pageSize: 25 });
      }
      if (query.get('status') === 'down') {
        return json(SitePageSchema, { items: [DOWN], total: 1, page: 1, pageSize: 25 });
      }
      const page = Number(query.get('page') ?? 1);
      return json(SitePageSchema, {
        items: page === 1 ? [DOWN, LAPSING] : [aSiteListItem()],
        total: 26,
        page,
        pageSize: 25,
      });
    }),
  );
  return recordRequests();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SITE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SitesPage', () => {
  it("lists every client's sites worst first, each row opening its client's page", async () => {
    const calls = stubList();
    renderWithApp(<SitesPage />, '/admin/sites');
    expect(screen.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Websites' });
    const [down, lapsing] = within(table).getAllByRole('row').slice(1);
    expect(within(down!).getByRole('link', { name: DOWN.url })).toHaveAttribute(
      'href',
      `/admin/clients/${SITE_CLIENT_ID}`,
    );
    expect(down).toHaveTextContent('Down');
    expect(down).toHaveTextContent('since Dec 7, 2026 at 7:00 AM');
    expect(down).toHaveTextContent('Did not answer in time');
    expect(down).toHaveTextContent('Camille Broussard · camille@broussard-bakery.example');
    expect(within(lapsing!).getByRole('link', { name: LAPSING.url })).toHaveAttribute(
      'href',
      '/admin/clients/5e1f0000-0000-4000-8000-0000000000c2',
    );
    expect(lapsing).toHaveTextContent('Dec 10, 2026 · 3 days left');
    expect(lapsing).toHaveTextContent('320 ms');
    expect(lapsing).toHaveTextContent('99.9%');
    expect(screen.getByText('Showing 1-25 of 26')).toBeVisible();
    expect(calls.map(({ url }) => url)).toEqual(['/api/admin/sites']);
  });

  it('keeps the filter, the search and the page in the URL', async () => {
    const calls = stubList();
    const location = renderWithApp(<SitesPage />, '/admin/sites?q=broussard');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Websites' });
    expect(screen.getByRole('searchbox', { name: 'Search websites' })).toHaveValue('broussard');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/sites?q=broussard&page=2'));
    expect(await screen.findByText('Page 2 of 2')).toBeVisible();

    // A filter starts again at page 1.
    await user.selectOptions(screen.getByLabelText('Show'), 'Down');
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/admin/sites?q=broussard&status=down'),
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.map(({ url }) => url)).toEqual([
      '/api/admin/sites?q=broussard',
      '/api/admin/sites?q=broussard&page=2',
      '/api/admin/sites?q=broussard&status=down',
    ]);
  });

  it('says what an empty filter means, and what a failure says', async () => {
    stubList();
    renderWithApp(<SitesPage />, '/admin/sites?status=paused');
    expect(await screen.findByText('No website is paused.')).toBeVisible();
    expect(screen.getByLabelText('Show')).toHaveValue('paused');

    apiServer.use(http.get('/api/admin/sites', () => errorJson(500, 'Database down')));
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'All websites');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down');
  });

  it('invites to add a first site when none is watched', async () => {
    apiServer.use(
      http.get('/api/admin/sites', () =>
        json(SitePageSchema, { items: [], total: 0, page: 1, pageSize: 25 }),
      ),
    );
    renderWithApp(<SitesPage />, '/admin/sites');
    expect(await screen.findByText(/No websites watched yet/)).toHaveTextContent(
      "No websites watched yet. Add a client's website from their page.",
    );
    expect(screen.getByRole('link', { name: 'their page' })).toHaveAttribute(
      'href',
      '/admin/clients',
    );
  });
});

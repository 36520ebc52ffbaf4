import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UsState } from '@shared/places';
import {
  CitySuggestionsSchema,
  SearchJobSchema,
  SearchRecordPageSchema,
  SearchResponseSchema,
  type SearchJob,
  type SearchRecord,
} from '@shared/schemas/leads';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { MarketingToolPage } from './marketing-tool-page';

const ID = '6f1c2b3a-0000-4000-8000-000000000001';

function job(status: SearchJob['status']): SearchJob {
  return {
    id: ID,
    criteria: {
      state: 'Louisiana',
      city: 'Baton Rouge',
      businessType: 'Retail Store',
      openNow: false,
      bulkMode: true,
      maxResults: 10_000,
    },
    bulk: true,
    source: 'osm',
    status,
    progress: {
      cellsDone: status === 'done' ? 81 : 12,
      cellsTotal: 81,
      leadsFound: 140,
      websitesAnalysed: 20,
      websitesTotal: 60,
    },
    total: status === 'done' ? 140 : 0,
    totalUnfiltered: status === 'done' ? 140 : 0,
    error: null,
    createdAt: '2026-11-24T12:00:00.000Z',
    finishedAt: status === 'done' ? '2026-11-24T12:09:00.000Z' : null,
    ...(status === 'done'
      ? { result: { source: 'osm', leads: [], total: 140, totalUnfiltered: 140 } }
      : {}),
  };
}

const record = (n: number): SearchRecord => {
  const { result: _result, ...rest } = job('done');
  return {
    ...rest,
    id: `6f1c2b3a-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    criteria: { ...rest.criteria, city: n % 2 ? 'Jackson' : 'Tupelo', state: 'Mississippi' },
    bulk: false,
  };
};

/**
 * The marketing tool's API: the bulk search ID runs until `finish()`; a cancel then answers
 * 409 as the server does for a search that has ended, and from then on the job reads done
 * (before it, the page's last poll still said running). Every call is recorded.
 */
function stubApi() {
  let status: SearchJob['status'] = 'running';
  let shownStatus: SearchJob['status'] = 'running';
  apiServer.use(
    // The agency is in Alabama (its business details); the server suggests its cities.
    http.get('/api/admin/marketing-tool/cities', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const alabama = ['Birmingham', 'Montgomery', 'Mobile', 'Huntsville'];
      const state = (query.get('state') ?? 'Alabama') as UsState;
      const q = (query.get('q') ?? '').toLowerCase();
      const names = state === 'Alabama' ? alabama : ['Baton Rouge', 'New Orleans'];
      return json(CitySuggestionsSchema, {
        state,
        cities: names.filter((name) => name.toLowerCase().startsWith(q)).map((name) => ({ name })),
      });
    }),
    http.post('/api/admin/marketing-tool/search', () =>
      json(SearchResponseSchema, {
        searchId: ID,
        source: 'sample',
        leads: [],
        total: 0,
        totalUnfiltered: 0,
      }),
    ),
    http.get(`/api/admin/marketing-tool/jobs/${ID}`, () => json(SearchJobSchema, job(shownStatus))),
    http.post(`/api/admin/marketing-tool/jobs/${ID}/cancel`, () => {
      shownStatus = status;
      return errorJson(409, `The search is already ${status}`);
    }),
    http.get('/api/admin/marketing-tool/searches', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const all = Array.from({ length: 23 }, (_, n) => record(n));
      const q = query.get('q')?.toLowerCase();
      const items = q ? all.filter((r) => r.criteria.city.toLowerCase().includes(q)) : all;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize'));
      return json(SearchRecordPageSchema, {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        total: items.length,
        page,
        pageSize,
      });
    }),
  );
  const calls = recordRequests();
  return {
    calls,
    finish: () => {
      status = 'done';
    },
  };
}

describe('MarketingToolPage', () => {
  it('fills the form from ?search=, and keeps the button busy while that bulk search runs', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderWithApp(<MarketingToolPage />, `/admin/marketing-tool?search=${ID}`);

    const button = await screen.findByRole(
      'button',
      { name: 'Bulk search running...' },
      { timeout: 5000 },
    );
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('State*')).toHaveValue('Louisiana');
    await waitFor(() => expect(screen.getByLabelText('City*')).toHaveValue('Baton Rouge'));
    expect(screen.getByLabelText('Business Type*')).toHaveValue('Retail Store');
    await user.click(button);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    // It ends just before the admin cancels: a calm word, no error, and the button is back.
    api.finish();
    await user.click(screen.getByRole('button', { name: 'Cancel search' }));
    expect(
      await screen.findByText('The search had already finished', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('It found 140 leads: they are shown below.')).toBeInTheDocument();
    expect(document.querySelector('.destructive')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Search Leads' })).toBeEnabled();
  }, 20_000);

  it('pages and searches the past searches in its own URL parameters, keeping ?search=', async () => {
    stubApi();
    const user = userEvent.setup();
    const location = renderWithApp(<MarketingToolPage />, `/admin/marketing-tool?search=${ID}`);
    const list = await screen.findByRole('list', { name: 'Past searches' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Showing 1-10 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11-20 of 23')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe(`/admin/marketing-tool?search=${ID}&searchesPage=2`);

    await user.type(screen.getByRole('searchbox', { name: 'Search past searches' }), 'tupelo');
    expect(await screen.findByText('Showing 1-10 of 12')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe(`/admin/marketing-tool?search=${ID}&searchesQ=tupelo`);
    expect(screen.getByRole('button', { name: 'Bulk search running...' })).toBeInTheDocument();
  }, 20_000);

  it("starts in the agency's own state and suggests its cities as the admin types", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderWithApp(<MarketingToolPage />, '/admin/marketing-tool');

    await waitFor(() => expect(screen.getByLabelText('State*')).toHaveValue('Alabama'));
    const city = screen.getByRole('combobox', { name: 'City*' });
    await user.type(city, 'mob');
    const list = await screen.findByRole('listbox', { name: 'Cities of Alabama' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Mobile']),
    );
    expect(await screen.findByText('1 city suggested')).toBeInTheDocument();
    // Asked once the typing paused, not for each letter.
    const asked = api.calls
      .filter((call) => call.url.startsWith('/api/admin/marketing-tool/cities'))
      .map((call) => call.url);
    expect(asked).toEqual([
      '/api/admin/marketing-tool/cities',
      '/api/admin/marketing-tool/cities?state=Alabama',
      '/api/admin/marketing-tool/cities?state=Alabama&q=mob',
    ]);

    await user.keyboard('{ArrowDown}');
    expect(city).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(city).toHaveValue('Mobile');
    expect(city).toHaveAttribute('aria-expanded', 'false');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Business Type*'), 'Restaurant');
    await user.click(screen.getByRole('button', { name: 'Search Leads' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        state: 'Alabama',
        city: 'Mobile',
        businessType: 'Restaurant',
      }),
    );

    // Another state empties the city and suggests that state's cities.
    await user.selectOptions(screen.getByLabelText('State*'), 'Louisiana');
    expect(city).toHaveValue('');
    await user.click(city);
    const louisiana = await screen.findByRole('listbox', { name: 'Cities of Louisiana' });
    expect(within(louisiana).getByRole('option', { name: 'New Orleans' })).toBeInTheDocument();
  }, 20_000);
});

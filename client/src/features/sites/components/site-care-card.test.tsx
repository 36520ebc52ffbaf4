import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteCareSummarySchema, type SiteCareSummary } from '@shared/schemas/sites';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { daysAfterNow, SITE_NOW } from '@tests/support/site-fixtures';
import { SiteCareCard } from './site-care-card';

function renderCard(summary: SiteCareSummary | Response) {
  apiServer.use(
    http.get('/api/admin/dashboard/site-care', () =>
      summary instanceof Response ? summary : json(SiteCareSummarySchema, summary),
    ),
  );
  renderWithApp(<SiteCareCard />, '/admin/dashboard');
  return screen.getByRole('group', { name: 'Site care' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SITE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SiteCareCard', () => {
  it('says all sites are up and nothing is about to lapse', async () => {
    const card = renderCard({ sites: 3, downCount: 0, expiringCount: 0, down: [], expiring: [] });
    expect(await within(card).findByText('All sites are up')).toBeVisible();
    expect(within(card).getByText('3 websites watched.')).toBeVisible();
    expect(within(card).getByText('No certificate or domain about to lapse.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'See every website' })).toHaveAttribute(
      'href',
      '/admin/sites',
    );
  });

  it('lists the sites down since when, and the dates about to lapse', async () => {
    const card = renderCard({
      sites: 4,
      downCount: 1,
      expiringCount: 2,
      down: [
        {
          id: '5e1f0000-0000-4000-8000-000000000002',
          url: 'https://broussard-catering.example/',
          clientName: 'Camille Broussard',
          since: '2026-12-07T13:00:00.000Z',
        },
      ],
      expiring: [
        {
          id: '5e1f0000-0000-4000-8000-000000000003',
          url: 'https://guidry-florals.example/',
          clientName: 'Celeste Guidry',
          what: 'certificate',
          expiresAt: daysAfterNow(3),
        },
        {
          id: '5e1f0000-0000-4000-8000-000000000003',
          url: 'https://guidry-florals.example/',
          clientName: 'Celeste Guidry',
          what: 'domain',
          expiresAt: daysAfterNow(20),
        },
      ],
    });
    const down = await within(card).findByRole('region', { name: '1 site down' });
    expect(down).toHaveTextContent(
      'https://broussard-catering.example/ (Camille Broussard)Down since Dec 7, 2026 at 7:00 AM, about 2 hours ago',
    );
    expect(within(card).queryByText('All sites are up')).toBeNull();
    const lapsing = within(card).getByRole('region', { name: 'About to lapse' });
    expect(
      within(lapsing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Certificate of https://guidry-florals.example/ (Celeste Guidry)Dec 10, 2026 · 3 days left',
      'Domain of https://guidry-florals.example/ (Celeste Guidry)Dec 27, 2026 · 20 days left',
    ]);
  });

  it('counts every site down and date about to lapse, beyond the first ones it lists', async () => {
    const card = renderCard({
      sites: 40,
      downCount: 25,
      expiringCount: 21,
      down: Array.from({ length: 20 }, (_, index) => ({
        id: `5e1f0000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
        url: `https://site-${index}.example/`,
        clientName: 'Camille Broussard',
        since: '2026-12-07T13:00:00.000Z',
      })),
      expiring: Array.from({ length: 20 }, (_, index) => ({
        id: `5e1f0000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`,
        url: `https://lapsing-${index}.example/`,
        clientName: 'Celeste Guidry',
        what: 'domain' as const,
        expiresAt: daysAfterNow(5),
      })),
    });
    const down = await within(card).findByRole('region', { name: '25 sites down' });
    expect(within(down).getByText('And 5 more.')).toBeVisible();
    const lapsing = within(card).getByRole('region', { name: 'About to lapse' });
    expect(within(lapsing).getByText('And 1 more.')).toBeVisible();
  });

  it('says when no website is watched yet', async () => {
    const card = renderCard({ sites: 0, downCount: 0, expiringCount: 0, down: [], expiring: [] });
    expect(
      await within(card).findByText(
        "No websites watched yet. Add a client's website from their page.",
      ),
    ).toBeVisible();
    expect(within(card).queryByText('All sites are up')).toBeNull();
  });

  it('says the figures could not be loaded', async () => {
    const card = renderCard(errorJson(500, 'Database down'));
    expect(
      await within(card).findByText("The websites' status could not be loaded."),
    ).toBeVisible();
  });
});

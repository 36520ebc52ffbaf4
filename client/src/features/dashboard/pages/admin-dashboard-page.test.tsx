import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import {
  DashboardStatsSchema,
  DashboardTrendsSchema,
  SETUP_STEPS,
  SetupChecklistSchema,
  type DashboardStats,
  type DashboardTrends,
} from '@shared/schemas/dashboard';
import { InboundSummarySchema } from '@shared/schemas/inbound';
import { ProposalStatsSchema } from '@shared/schemas/proposals';
import { SiteCareSummarySchema } from '@shared/schemas/sites';
import { AdminSiteContentSchema } from '@shared/schemas/site-content';
import { DEFAULT_SITE_CONTENT } from '@shared/site-content-defaults';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminDashboardPage } from './admin-dashboard-page';

const STATS: DashboardStats = {
  activeSubscribers: 2,
  mrr: 79_800,
  arr: 957_600,
  conversionRate: 1,
  consultationRequests: 1,
  convertedRequests: 1,
  // Midnight of Dec 1 in the business time zone (America/Chicago), as the server answers.
  conversionSince: '2025-12-01T06:00:00.000Z',
  collectedThisMonth: 79_800,
  outstanding: 0,
  overdue: 0,
  planDistribution: { essentials: 0, signature: 2, prestige: 0 },
};

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const TRENDS: DashboardTrends = {
  months: MONTHS.map((month, index) => ({
    month,
    mrr: index * 39_900,
    newClients: index === 11 ? 2 : 1,
    churnedClients: index === 3 ? 1 : 0,
    collected: 123_456,
    outstanding: index === 11 ? 19_900 : 0,
  })),
};

/** The dashboard's figures; the trends answer `trends` (by default TRENDS). */
function stubApi(
  trends: () => Response = () => json(DashboardTrendsSchema, TRENDS),
  samplesShowing = { portfolio: 0, testimonials: 0 },
) {
  apiServer.use(
    http.get('/api/admin/site-content', () =>
      json(AdminSiteContentSchema, {
        draft: DEFAULT_SITE_CONTENT,
        published: DEFAULT_SITE_CONTENT,
        unpublishedChanges: false,
        canRestore: false,
        publishedAt: null,
        draftSavedAt: null,
        samplesShowing,
      }),
    ),
    http.get('/api/admin/dashboard-stats', () => json(DashboardStatsSchema, STATS)),
    http.get('/api/admin/dashboard-trends', trends),
    // The proposals card has its own tests (proposals-card.test.tsx).
    http.get('/api/admin/proposals/stats', () =>
      json(ProposalStatsSchema, {
        sentThisMonth: 0,
        openedThisMonth: 0,
        signedThisMonth: 0,
        winRate: null,
        openValueCents: 0,
      }),
    ),
    // The site care card has its own tests (features/sites).
    http.get('/api/admin/dashboard/site-care', () =>
      json(SiteCareSummarySchema, {
        sites: 0,
        downCount: 0,
        expiringCount: 0,
        down: [],
        expiring: [],
      }),
    ),
    // No e-mail held unless a test says so.
    http.get('/api/admin/inbound/summary', () =>
      json(InboundSummarySchema, { held: 0, oldestHeldAt: null }),
    ),
    // Everything set up: the checklist has its own tests (setup-checklist.test.tsx).
    http.get('/api/admin/setup-checklist', () =>
      json(SetupChecklistSchema, {
        steps: SETUP_STEPS.map((step) => ({ step, done: true })),
      }),
    ),
  );
}

beforeEach(() => {
  // jsdom lays nothing out: the charts' containers observe a size that never comes.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminDashboardPage', () => {
  it('says how many e-mails are held for review, and links to them', async () => {
    stubApi();
    apiServer.use(
      http.get('/api/admin/inbound/summary', () =>
        json(InboundSummarySchema, { held: 2, oldestHeldAt: new Date().toISOString() }),
      ),
    );
    renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
    const card = await screen.findByRole('group', { name: 'Held e-mail' });
    expect(
      within(card).getByRole('heading', { name: '2 e-mails are held for review' }),
    ).toBeVisible();
    expect(within(card).getByText(/no client sees them until you release them/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Review held e-mail' })).toHaveAttribute(
      'href',
      '/admin/support/inbound?state=held',
    );
  });

  it('warns while the public site shows sample portfolio items and testimonials', async () => {
    stubApi(undefined, { portfolio: 6, testimonials: 3 });
    renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
    expect(
      await screen.findByText(
        /Your public site still shows 6 sample portfolio items and 3 sample testimonials that are not yours\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit your website' })).toHaveAttribute(
      'href',
      '/admin/website',
    );
  });

  it('says under the conversion rate what it counts: one request, two clients, 100.0%', async () => {
    stubApi();
    renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
    const card = await screen.findByRole('group', { name: 'Conversion Rate' });
    expect(await within(card).findByText('100.0%')).toBeVisible();
    expect(card).toHaveTextContent(
      '1 of 1 consultation request since Dec 1, 2025 became paying clients.',
    );
    expect(card).toHaveTextContent(
      'A request counts once, when a client with its e-mail (ignoring case) started a paid plan on or after the day of the request.',
    );
  });

  // The first import of recharts takes seconds on a busy machine.
  it(
    'draws three labelled charts, each with a table of its figures in a disclosure',
    {
      timeout: 30_000,
    },
    async () => {
      stubApi();
      renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
      expect(await screen.findByRole('heading', { name: 'Last 12 months' })).toBeVisible();

      // The charts' chunk (recharts) loads after the page: it may take a moment.
      const mrr = await screen.findByRole(
        'figure',
        { name: 'Monthly recurring revenue at the end of each of the last 12 months' },
        { timeout: 10_000 },
      );
      const clients = screen.getByRole('figure', {
        name: 'Clients whose plan started and clients whose plan ended, per month, last 12 months',
      });
      const money = screen.getByRole('figure', {
        name: 'Payments collected in each month and invoices still owed at its end, last 12 months',
      });

      await userEvent.click(within(mrr).getByText('Show the figures'));
      const mrrTable = within(mrr).getByRole('table');
      expect(within(mrrTable).getAllByRole('row')).toHaveLength(13);
      expect(within(mrrTable).getByRole('row', { name: 'Nov 2026 $4,389.00' })).toBeVisible();

      await userEvent.click(within(clients).getByText('Show the figures'));
      expect(
        within(within(clients).getByRole('table')).getByRole('row', { name: 'Mar 2026 1 1' }),
      ).toBeVisible();

      await userEvent.click(within(money).getByText('Show the figures'));
      const moneyTable = within(money).getByRole('table');
      expect(
        within(moneyTable)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Month', 'Collected', 'Outstanding']);
      expect(
        within(moneyTable).getByRole('row', { name: 'Nov 2026 $1,234.56 $199.00' }),
      ).toBeVisible();
    },
  );

  it('says so when the trends cannot be loaded, and still shows the figures', async () => {
    stubApi(() => errorJson(500, 'Boom'));
    renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
    expect(await screen.findByText('The trends could not be loaded.')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Active Subscribers' })).toHaveTextContent('2');
  });

  it('asks for the trends only once the figures show, so they load first', async () => {
    let answerFigures = () => {};
    const figuresHeld = new Promise<void>((resolve) => (answerFigures = resolve));
    const asked: string[] = [];
    apiServer.use(
      http.get('/api/admin/dashboard-stats', async () => {
        asked.push('figures');
        await figuresHeld;
        return json(DashboardStatsSchema, STATS);
      }),
      http.get('/api/admin/dashboard-trends', () => {
        asked.push('trends');
        return json(DashboardTrendsSchema, TRENDS);
      }),
    );
    renderWithApp(<AdminDashboardPage />, '/admin/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading the trends' })).toBeVisible();
    await vi.waitFor(() => expect(asked).toEqual(['figures']));
    expect(screen.queryByText('The trends could not be loaded.')).toBeNull();

    answerFigures();
    const card = screen.getByRole('group', { name: 'Active Subscribers' });
    expect(await within(card).findByText('2')).toBeVisible();
    await vi.waitFor(() => expect(asked).toEqual(['figures', 'trends']));
  });
});

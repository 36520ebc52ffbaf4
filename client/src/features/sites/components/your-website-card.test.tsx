import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSitesSchema, type ClientSite } from '@shared/schemas/sites';
import { SubscriptionSchema, type Subscription } from '@shared/schemas/subscriptions';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { aClientSite, daysAfterNow, SITE_NOW } from '@tests/support/site-fixtures';
import { median, sparklineText } from './response-sparkline';
import { YourWebsiteCards } from './your-website-card';

const ACTIVE: Subscription = {
  tier: 'signature',
  status: 'active',
  currentPeriodStart: '2026-12-02T15:00:00.000Z',
  currentPeriodEnd: '2027-01-02T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  pendingTierFrom: null,
  withdrawn: false,
};

function renderCards(sites: ClientSite[] | Response, subscription: Subscription | null = ACTIVE) {
  apiServer.use(
    http.get('/api/sites', () =>
      sites instanceof Response ? sites : json(ClientSitesSchema, sites),
    ),
    http.get('/api/subscription', () => json(SubscriptionSchema.nullable(), subscription)),
  );
  return renderWithApp(
    <main>
      <p>The rest of the dashboard</p>
      <YourWebsiteCards />
    </main>,
    '/portal/dashboard',
  );
}

const card = (url: string) =>
  screen
    .getAllByRole('group', { name: 'Your website' })
    .find((group) => within(group).queryByText(url))!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SITE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('YourWebsiteCards', () => {
  it('says a site is up, its month, its dates and when the next report comes', async () => {
    renderCards([aClientSite()]);
    const group = await screen.findByRole('group', { name: 'Your website' });
    expect(within(group).getByText('https://broussard-bakery.example/')).toBeVisible();
    expect(within(group).getByText('Your website is up.')).toBeVisible();
    expect(within(group).getByText('Last checked 3 minutes ago.')).toBeVisible();
    expect(group).toHaveTextContent('Uptime, last 30 days99.9%');
    expect(
      within(group).getByRole('img', {
        name: 'Median response 320 ms over the last 14 days',
      }),
    ).toBeVisible();
    expect(group).toHaveTextContent('Certificate54 days left, until Jan 30, 2027');
    expect(group).toHaveTextContent('Domain200 days left, until Jun 25, 2027');
    // Dec 7 in Chicago: the report of December comes on January 1st.
    expect(await within(group).findByText('Next report')).toBeVisible();
    expect(group).toHaveTextContent('Next reportJan 1, 2027');
  });

  it.each([
    ['without a plan', null],
    ['whose plan ended', { ...ACTIVE, status: 'canceled' as const }],
  ])('promises no next report to a client %s', async (_, subscription) => {
    const answered: string[] = [];
    apiServer.events.on('response:mocked', ({ request }) => answered.push(request.url));
    renderCards([aClientSite()], subscription);
    const group = await screen.findByRole('group', { name: 'Your website' });
    await vi.waitFor(() =>
      expect(answered.some((url) => url.endsWith('/api/subscription'))).toBe(true),
    );
    // The answer is drawn: the card's line stays away.
    await vi.waitFor(() => expect(group).toHaveTextContent('Domain200 days left'));
    expect(group).not.toHaveTextContent('Next report');
  });

  it('says a site is down and that the agency is on it; one card per site', async () => {
    renderCards([
      aClientSite(),
      aClientSite({
        id: '5e1f0000-0000-4000-8000-000000000002',
        url: 'https://broussard-catering.example/',
        status: 'down',
        certificateExpiresAt: daysAfterNow(-1),
      }),
    ]);
    await screen.findAllByRole('group', { name: 'Your website' });
    const down = card('https://broussard-catering.example/');
    expect(
      within(down).getByText('Your website is down. We have been told and are on it.'),
    ).toBeVisible();
    expect(down).toHaveTextContent('CertificateExpired yesterday, on Dec 6, 2026');
    expect(within(card('https://broussard-bakery.example/')).getByText('Your website is up.'));
  });

  it('says a new site has not been checked yet, without figures it does not have', async () => {
    renderCards([
      aClientSite({
        status: 'unknown',
        url: 'http://broussard-bakery.example/',
        lastCheckedAt: null,
        responseMs: null,
        uptime30d: null,
        certificateExpiresAt: null,
        certificateValid: null,
        domainExpiresAt: null,
        domainExpirySource: null,
        responseSparkline: Array.from({ length: 14 }, () => null),
      }),
    ]);
    const group = await screen.findByRole('group', { name: 'Your website' });
    expect(
      within(group).getByText('Not checked yet: the first check runs in a few minutes.'),
    ).toBeVisible();
    expect(within(group).queryByText(/Last checked/)).toBeNull();
    expect(group).toHaveTextContent('Uptime, last 30 daysNo checks yet');
    expect(group).toHaveTextContent('Response timeNo response times yet');
    expect(within(group).queryByRole('img')).toBeNull();
    expect(group).toHaveTextContent('CertificateNone: not served over HTTPS');
    expect(group).toHaveTextContent('DomainNot known yet');
  });

  it('says when checks are paused', async () => {
    renderCards([aClientSite({ paused: true })]);
    expect(await screen.findByText('Checks are paused for now.')).toBeVisible();
  });

  it('shows nothing to a client without a website', async () => {
    const calls: string[] = [];
    apiServer.events.on('response:mocked', ({ request }) => calls.push(request.url));
    renderCards([]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByText('The rest of the dashboard')).toBeVisible();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByText('Your website')).toBeNull();
  });

  it('says the status could not be loaded, with a way to try again', async () => {
    renderCards(errorJson(500, 'Database down'));
    expect(await screen.findByText("The website's status could not be loaded.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('the sparkline in words', () => {
  it('takes the median of the days that had checks', () => {
    expect(median([])).toBeNull();
    expect(median([400, 100, 300])).toBe(300);
    expect(median([100, 200, 301, 400])).toBe(251);
    expect(sparklineText([null, 210, null, 190, 500])).toBe(
      'Median response 210 ms over the last 5 days',
    );
    expect(sparklineText([null, null])).toBe('No response times yet');
  });
});

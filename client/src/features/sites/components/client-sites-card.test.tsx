import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdminSiteSchema,
  SiteChecksPageSchema,
  SiteIncidentsPageSchema,
  type AdminSite,
  type SiteCheck,
} from '@shared/schemas/sites';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { anAdminSite, daysAfterNow, SITE_CLIENT_ID, SITE_NOW } from '@tests/support/site-fixtures';
import { ClientSitesCard } from './client-sites-card';

const LIST = `/api/admin/clients/${SITE_CLIENT_ID}/sites`;
const AdminSitesSchema = AdminSiteSchema.array();

/** GET answers `sites()` (a test changes what it holds); every call is recorded. */
function stubSites(sites: () => AdminSite[], ...handlers: Parameters<typeof apiServer.use>) {
  apiServer.use(
    ...handlers,
    http.get(LIST, () => json(AdminSitesSchema, sites())),
  );
  return recordRequests();
}

const renderCard = () =>
  renderWithApp(<ClientSitesCard clientId={SITE_CLIENT_ID} />, `/admin/clients/${SITE_CLIENT_ID}`);

const writes = (calls: ReturnType<typeof recordRequests>) =>
  calls
    .filter(({ method }) => method !== 'GET')
    .map(({ method, url, body }) => ({ call: `${method} ${url}`, body }));

beforeEach(() => {
  // Only the clock's date: the days left and "3 minutes ago" are read at SITE_NOW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SITE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ClientSitesCard: the list', () => {
  it('says there is none yet, and offers to add one', async () => {
    stubSites(() => []);
    renderCard();
    expect(
      await screen.findByText("No websites yet. Add the client's website to watch it."),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add website' })).toBeEnabled();
  });

  it('says the websites could not be loaded, with a way to try again', async () => {
    let fail = true;
    apiServer.use(
      http.get(LIST, () =>
        fail ? errorJson(500, 'Database down') : json(AdminSitesSchema, [anAdminSite()]),
      ),
    );
    renderCard();
    expect(await screen.findByText('The websites could not be loaded.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'https://broussard-bakery.example/' }),
    ).toBeVisible();
  });

  it('shows each site with its status, facts and what needs attention in words', async () => {
    stubSites(() => [
      anAdminSite({ keyword: 'Fresh bread daily', uptime30d: 99.5 }),
      anAdminSite({
        id: '5e1f0000-0000-4000-8000-000000000002',
        url: 'https://broussard-catering.example/',
        status: 'down',
        responseMs: null,
        uptime30d: 87.5,
        lastError: 'Did not answer in time',
        consecutiveFailures: 3,
        certificateExpiresAt: daysAfterNow(5),
        domainExpiresAt: daysAfterNow(-2),
        domainExpirySource: 'manual',
        openIncident: {
          id: '1c1d0000-0000-4000-8000-000000000001',
          startedAt: '2026-12-07T13:00:00.000Z',
          endedAt: null,
          reason: 'Did not answer in time',
          ticketId: '7c1c0000-0000-4000-8000-000000000001',
        },
      }),
      anAdminSite({
        id: '5e1f0000-0000-4000-8000-000000000003',
        url: 'http://old-menu.example/',
        paused: true,
        status: 'unknown',
        lastCheckedAt: null,
        responseMs: null,
        uptime30d: null,
        certificateExpiresAt: null,
        certificateValid: null,
        domainExpiresAt: null,
        domainExpirySource: null,
        responseSparkline: [],
      }),
    ]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Websites' });
    const [bakery, catering, menu] = within(list).getAllByRole('article');

    expect(within(bakery!).getByText('Up')).toBeVisible();
    expect(bakery).toHaveTextContent('Last check3 minutes ago');
    expect(bakery).toHaveTextContent('Response320 ms');
    expect(bakery).toHaveTextContent('Uptime (30 days)99.5%');
    expect(bakery).toHaveTextContent('CertificateJan 30, 2027 · 54 days left');
    expect(bakery).toHaveTextContent('Keyword“Fresh bread daily”');
    expect(within(bakery!).queryByRole('list', { name: 'Needs attention' })).toBeNull();
    // The same buttons on every site, each group named after its site.
    const actions = within(bakery!).getByRole('group', {
      name: 'Actions for https://broussard-bakery.example/',
    });
    expect(within(actions).getByRole('button', { name: 'Check now' })).toBeVisible();

    expect(within(catering!).getByText('Down')).toBeVisible();
    expect(catering).toHaveTextContent(
      'Down since Dec 7, 2026 at 7:00 AM: Did not answer in time · Its ticket',
    );
    expect(within(catering!).getByRole('link', { name: 'Its ticket' })).toHaveAttribute(
      'href',
      '/admin/support/7c1c0000-0000-4000-8000-000000000001',
    );
    const attention = within(catering!).getByRole('list', { name: 'Needs attention' });
    expect(
      within(attention)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The certificate expires in 5 days, on Dec 12, 2026.',
      'The domain expired 2 days ago, on Dec 5, 2026.',
    ]);
    expect(catering).toHaveTextContent('Uptime (30 days)87.5%');
    expect(catering).toHaveTextContent('DomainDec 5, 2026 · expired 2 days ago (set by hand)');

    expect(within(menu!).getByText('Paused')).toBeVisible();
    expect(menu).toHaveTextContent('Last checkNot yet');
    expect(menu).toHaveTextContent('Uptime (30 days)No checks yet');
    expect(menu).toHaveTextContent('CertificateNone: not served over HTTPS');
    expect(menu).toHaveTextContent('DomainNot known: the registry may have no RDAP');
    expect(within(menu!).getByRole('button', { name: 'Resume checks' })).toBeVisible();
    // Not checked while paused: resumed first.
    expect(within(menu!).getByRole('button', { name: 'Check now' })).toBeDisabled();
    expect(within(bakery!).getByRole('button', { name: 'Check now' })).toBeEnabled();
  });

  it("warns of a certificate at the server's threshold: 7 days for a short-lived one, else 14", async () => {
    stubSites(() => [
      anAdminSite({ certificateExpiresAt: daysAfterNow(10), certificateWarningDays: 7 }),
      anAdminSite({
        id: '5e1f0000-0000-4000-8000-000000000002',
        url: 'https://broussard-catering.example/',
        certificateExpiresAt: daysAfterNow(10),
        certificateWarningDays: 14,
      }),
    ]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Websites' });
    const [short, long] = within(list).getAllByRole('article');
    expect(within(short!).queryByRole('list', { name: 'Needs attention' })).toBeNull();
    expect(within(long!).getByRole('list', { name: 'Needs attention' })).toHaveTextContent(
      'The certificate expires in 10 days',
    );
  });

  it('warns while checks fail before the site counts as down', async () => {
    stubSites(() => [anAdminSite({ consecutiveFailures: 1, lastError: 'Keyword not found' })]);
    renderCard();
    const attention = await screen.findByRole('list', { name: 'Needs attention' });
    expect(attention).toHaveTextContent(
      'The last check failed: Keyword not found It is marked down after more failures in a row.',
    );
  });
});

describe('ClientSitesCard: adding a website', () => {
  it('checks the form with the shared schema before asking the server', async () => {
    const calls = stubSites(() => []);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add website' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a website' });
    const address = within(dialog).getByLabelText('Website address');
    expect(address).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(address).toHaveAccessibleDescription('Website address is required');
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await user.type(address, 'localhost');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(address).toHaveAccessibleDescription(
      'Enter a website address, e.g. https://example.com',
    );
    await user.clear(address);
    await user.type(address, 'ftp://files.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(address).toHaveAccessibleDescription(
      'Website address must start with http:// or https://',
    );
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal on the address, then adds the site and lists it", async () => {
    let sites: AdminSite[] = [];
    const calls = stubSites(
      () => sites,
      http.post(LIST, async ({ request }) => {
        const body = (await request.json()) as { url: string; keyword: string | null };
        if (body.url.includes('intranet')) {
          return errorJson(400, 'That address is not on the public internet');
        }
        const added = anAdminSite({ url: body.url, keyword: body.keyword });
        sites = [added];
        return json(AdminSiteSchema, added, { status: 201 });
      }),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add website' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a website' });
    const address = within(dialog).getByLabelText('Website address');
    await user.type(address, 'intranet.broussard.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription('That address is not on the public internet'),
    );
    expect(address).toHaveFocus();

    await user.clear(address);
    await user.type(address, 'broussard-bakery.example');
    await user.type(within(dialog).getByLabelText('Keyword (optional)'), 'Fresh bread');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(
      await screen.findByRole('heading', { name: 'https://broussard-bakery.example/' }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add website' })).toHaveFocus();
    expect(writes(calls)).toEqual([
      {
        call: `POST ${LIST}`,
        body: { url: 'https://intranet.broussard.example/', keyword: null },
      },
      {
        call: `POST ${LIST}`,
        body: { url: 'https://broussard-bakery.example/', keyword: 'Fresh bread' },
      },
    ]);
  });

  it('offers no more once the client has 20 websites', async () => {
    stubSites(() =>
      Array.from({ length: 20 }, (_, index) =>
        anAdminSite({
          id: `5e1f0000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
          url: `https://site-${index}.example/`,
        }),
      ),
    );
    renderCard();
    expect(await screen.findByText('A client can have at most 20 websites.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add website' })).toBeDisabled();
  });
});

describe('ClientSitesCard: what the admin does with a site', () => {
  it('pauses and resumes, checks now, edits, and removes after asking', async () => {
    let site = anAdminSite();
    let removed = false;
    const SITE = `/api/admin/sites/${site.id}`;
    const calls = stubSites(
      () => (removed ? [] : [site]),
      http.patch(SITE, async ({ request }) => {
        site = { ...site, ...((await request.json()) as Partial<AdminSite>) };
        return json(AdminSiteSchema, site);
      }),
      http.post(`${SITE}/check`, () => {
        site = { ...site, status: 'up', responseMs: 280 };
        return json(AdminSiteSchema, site);
      }),
      http.delete(SITE, () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderCard();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pause checks' }));
    expect(await screen.findByRole('button', { name: 'Resume checks' })).toBeVisible();
    expect(screen.getByText('Paused', { selector: 'span' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume checks' }));
    expect(await screen.findByRole('button', { name: 'Pause checks' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('280 ms')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('dialog', { name: 'Edit the website' });
    const keyword = within(edit).getByLabelText('Keyword (optional)');
    await user.type(keyword, 'Open daily');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Open daily”')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove this website?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Remove website' }));
    expect(
      await screen.findByText("No websites yet. Add the client's website to watch it."),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Websites' })).toHaveFocus();

    expect(writes(calls)).toEqual([
      { call: `PATCH ${SITE}`, body: { paused: true } },
      { call: `PATCH ${SITE}`, body: { paused: false } },
      { call: `POST ${SITE}/check`, body: undefined },
      { call: `PATCH ${SITE}`, body: { url: site.url, keyword: 'Open daily' } },
      { call: `DELETE ${SITE}`, body: undefined },
    ]);
  });

  it("sets the domain's expiry by hand, and clears it back to RDAP", async () => {
    let site = anAdminSite({ domainExpiresAt: null, domainExpirySource: null });
    const SITE = `/api/admin/sites/${site.id}`;
    const calls = stubSites(
      () => [site],
      http.patch(SITE, async ({ request }) => {
        const { domainExpiresOn } = (await request.json()) as { domainExpiresOn: string | null };
        site = domainExpiresOn
          ? {
              ...site,
              domainExpiresAt: `${domainExpiresOn}T06:00:00.000Z`,
              domainExpirySource: 'manual',
            }
          : { ...site, domainExpiresAt: null, domainExpirySource: null };
        return json(AdminSiteSchema, site);
      }),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set domain date' }));
    let dialog = screen.getByRole('dialog', { name: 'Domain expiry date' });
    const date = within(dialog).getByLabelText('Domain expires on');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(date).toHaveAccessibleDescription('Enter a date as YYYY-MM-DD');
    await user.type(date, '2027-01-20');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await screen.findByText(/Jan 20, 2027 · 44 days left/)).toBeVisible();
    expect(screen.getByText('(set by hand)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Set domain date' }));
    dialog = screen.getByRole('dialog', { name: 'Domain expiry date' });
    expect(within(dialog).getByLabelText('Domain expires on')).toHaveValue('2027-01-20');
    await user.click(within(dialog).getByRole('button', { name: 'Clear the date (use RDAP)' }));
    expect(await screen.findByText('Not known: the registry may have no RDAP')).toBeVisible();
    expect(writes(calls)).toEqual([
      { call: `PATCH ${SITE}`, body: { domainExpiresOn: '2027-01-20' } },
      { call: `PATCH ${SITE}`, body: { domainExpiresOn: null } },
    ]);
  });

  it('shows the recent checks and the incidents, a page at a time', async () => {
    const site = anAdminSite();
    const check = (minutesAgo: number, ok = true): SiteCheck => ({
      checkedAt: new Date(SITE_NOW.getTime() - minutesAgo * 60_000).toISOString(),
      ok,
      statusCode: ok ? 200 : null,
      responseMs: ok ? 300 + minutesAgo : null,
      reason: ok ? null : 'Did not answer in time',
    });
    const calls = stubSites(
      () => [site],
      http.get(`/api/admin/sites/${site.id}/checks`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return json(SiteChecksPageSchema, {
          items:
            page === 1
              ? [
                  check(5),
                  // A failure by its status: its reason is that status, said once.
                  { ...check(8, false), statusCode: 503, responseMs: 9, reason: 'HTTP 503' },
                  check(10, false),
                ]
              : [check(1000)],
          total: 21,
          page,
          pageSize: 20,
        });
      }),
      http.get(`/api/admin/sites/${site.id}/incidents`, () =>
        json(SiteIncidentsPageSchema, {
          items: [
            {
              id: '1c1d0000-0000-4000-8000-000000000001',
              startedAt: '2026-12-01T14:00:00.000Z',
              endedAt: '2026-12-01T15:20:00.000Z',
              reason: 'Answered 503',
              ticketId: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Checks and incidents' }));
    const dialog = screen.getByRole('dialog', { name: 'Checks and incidents' });
    const checks = await within(dialog).findByRole('list', { name: 'Checks' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Dec 7, 2026 at 8:55 AMOKHTTP 200 · 305 ms',
      'Dec 7, 2026 at 8:52 AMFailedHTTP 503 · 9 ms',
      'Dec 7, 2026 at 8:50 AMFailedDid not answer in time',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Page 2 of 2')).toBeVisible();
    expect(within(dialog).getByText('Dec 6, 2026 at 4:20 PM')).toBeVisible();

    await user.click(within(dialog).getByRole('tab', { name: 'Incidents' }));
    const incidents = await within(dialog).findByRole('list', { name: 'Incidents' });
    expect(incidents).toHaveTextContent(
      'Dec 1, 2026 at 8:00 AM to Dec 1, 2026 at 9:20 AMDown 1 h 20 minAnswered 503',
    );
    expect(calls.map(({ url }) => url)).toEqual(
      expect.arrayContaining([
        `/api/admin/sites/${site.id}/checks?page=1&pageSize=20`,
        `/api/admin/sites/${site.id}/checks?page=2&pageSize=20`,
        `/api/admin/sites/${site.id}/incidents?page=1&pageSize=20`,
      ]),
    );
  });
});

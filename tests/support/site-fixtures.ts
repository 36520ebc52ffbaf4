import type { AdminSite, ClientSite, SiteListItem } from '@shared/schemas/sites';

/** The client whose websites the site care screens are tested with. */
export const SITE_CLIENT_ID = '5e1f0000-0000-4000-8000-0000000000c1';

/**
 * The instant the site care tests read as "now": Dec 7, 2026 at 9 AM in the business time
 * zone (America/Chicago), so that days left and the next report's date do not move.
 */
export const SITE_NOW = new Date('2026-12-07T15:00:00.000Z');

/** An instant `days` after SITE_NOW. */
export const daysAfterNow = (days: number) =>
  new Date(SITE_NOW.getTime() + days * 24 * 60 * 60 * 1000).toISOString();

/** A site the client sees: up, answering in 320 ms, dates far off; with what a test changes. */
export function aClientSite(overrides: Partial<ClientSite> = {}): ClientSite {
  return {
    id: '5e1f0000-0000-4000-8000-000000000001',
    url: 'https://broussard-bakery.example/',
    status: 'up',
    paused: false,
    lastCheckedAt: daysAfterNow(-0.002),
    responseMs: 320,
    uptime30d: 99.9,
    certificateExpiresAt: daysAfterNow(54),
    certificateValid: true,
    certificateWarningDays: 14,
    domainExpiresAt: daysAfterNow(200),
    domainExpirySource: 'rdap',
    responseSparkline: [300, 310, 320, 330, 340, 320, 320, 310, 300, 350, 320, 330, 310, 320],
    ...overrides,
  };
}

/** The same site on the admin's client page. */
export function anAdminSite(overrides: Partial<AdminSite> = {}): AdminSite {
  return {
    ...aClientSite(),
    clientId: SITE_CLIENT_ID,
    keyword: null,
    lastError: null,
    consecutiveFailures: 0,
    openIncident: null,
    createdAt: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}

/** The same site in /admin/sites. */
export function aSiteListItem(overrides: Partial<SiteListItem> = {}): SiteListItem {
  return {
    ...aClientSite(),
    clientId: SITE_CLIENT_ID,
    clientName: 'Camille Broussard',
    clientEmail: 'camille@broussard-bakery.example',
    lastError: null,
    openIncident: null,
    ...overrides,
  };
}

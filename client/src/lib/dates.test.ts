import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import { TIME_ZONE_ATTRIBUTE } from '@shared/dates';
import { receivedOn } from '@shared/schemas/payments';

/** The module as a page loads it, with the settings element the server wrote into it. */
async function datesInPage(settings: { businessName?: string; timeZone?: string } | null) {
  document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.remove();
  if (settings) {
    const element = document.createElement('script');
    element.id = PUBLIC_SETTINGS_ELEMENT_ID;
    element.type = 'application/json';
    if (settings.timeZone) element.setAttribute(TIME_ZONE_ATTRIBUTE, settings.timeZone);
    element.textContent = JSON.stringify(settings);
    document.head.append(element);
  }
  vi.resetModules();
  return import('./dates');
}

afterEach(() => {
  document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.remove();
});

describe('the screens write dates and times in the business time zone', () => {
  it("takes the zone the server wrote into the page, whatever the browser's", async () => {
    // The test runs in UTC, as a browser abroad might: the page says New York.
    const dates = await datesInPage({ businessName: 'Coast', timeZone: 'America/New_York' });
    expect(dates.businessTimeZone()).toBe('America/New_York');
    expect(dates.formatDateTime('2026-11-26T01:47:00.000Z')).toBe('Nov 25, 2026 at 8:47 PM');
    expect(dates.formatDate('2026-11-26T01:47:00.000Z')).toBe('Nov 25, 2026');
  });

  it('uses the default zone (America/Chicago) on a page without the settings, or a bad zone', async () => {
    expect((await datesInPage({ timeZone: 'Mars/Olympus_Mons' })).businessTimeZone()).toBe(
      'America/Chicago',
    );
    const dates = await datesInPage(null);
    expect(dates.businessTimeZone()).toBe('America/Chicago');
    expect(dates.formatDateTime('2026-11-26T01:47:00.000Z')).toBe('Nov 25, 2026 at 7:47 PM');
    expect(dates.formatDateTime('2026-11-26T01:47:00.000Z', { zoneName: true })).toBe(
      'Nov 25, 2026 at 7:47 PM CST',
    );
  });

  it('puts an instant just before and at midnight on their days, across daylight saving', async () => {
    const dates = await datesInPage(null);
    // Chicago's midnight is 6 AM UTC in winter, 5 AM in summer.
    expect(dates.formatDate('2026-01-15T05:59:00.000Z')).toBe('Jan 14, 2026');
    expect(dates.formatDate('2026-01-15T06:00:00.000Z')).toBe('Jan 15, 2026');
    expect(dates.formatDate('2026-07-15T04:59:00.000Z')).toBe('Jul 14, 2026');
    expect(dates.formatDate('2026-07-15T05:00:00.000Z')).toBe('Jul 15, 2026');
    // The spring change: 1:59 AM, then 3:00 AM.
    expect(dates.formatDateTime('2026-03-08T07:59:00.000Z')).toBe('Mar 8, 2026 at 1:59 AM');
    expect(dates.formatDateTime('2026-03-08T08:00:00.000Z')).toBe('Mar 8, 2026 at 3:00 AM');
  });

  it("gives today's date in the business zone for a form's default day", async () => {
    const dates = await datesInPage(null);
    // 9 PM on Dec 7 in Chicago is Dec 8 in UTC: the form still says Dec 7.
    expect(dates.businessToday(new Date('2026-12-08T03:00:00.000Z'))).toBe('2026-12-07');
    expect(dates.addDaysTo('2026-12-25', 14)).toBe('2027-01-08');
    dates.setBusinessTimeZone('Asia/Tokyo');
    expect(dates.businessToday(new Date('2026-12-07T15:00:00.000Z'))).toBe('2026-12-08');
  });

  it('writes a payment recorded by hand as its day, never as noon ("12:00 PM")', async () => {
    const dates = await datesInPage(null);
    // Noon of Nov 25 in Chicago, as the server keeps a day received by hand.
    const byHand = { method: 'bank_transfer', paidAt: '2026-11-25T18:00:00.000Z' } as const;
    const byCard = { method: 'card', paidAt: '2026-11-26T01:47:00.000Z' } as const;
    const zone = dates.businessTimeZone();
    expect(dates.formatDateTime(receivedOn(byHand, zone))).toBe('Nov 25, 2026');
    expect(dates.formatDateTime(receivedOn(byCard, zone))).toBe('Nov 25, 2026 at 7:47 PM');
    // Even in a zone where noon is the day before in UTC, the day given is the day shown.
    dates.setBusinessTimeZone('Pacific/Kiritimati');
    const farEast = { method: 'check', paidAt: '2026-11-24T22:00:00.000Z' } as const;
    expect(receivedOn(farEast, dates.businessTimeZone())).toBe('2026-11-25');
    expect(dates.formatDate(receivedOn(farEast, dates.businessTimeZone()))).toBe('Nov 25, 2026');
  });

  it('names the months of the dashboard as calendar months', async () => {
    const dates = await datesInPage(null);
    expect(dates.formatMonth('2026-01')).toBe('Jan 2026');
    expect(dates.formatMonth('2026-01', 'short')).toBe('Jan');
  });

  it("counts the days left to a certificate's or domain's lapse in the business's calendar", async () => {
    const dates = await datesInPage(null);
    // 11 PM on Dec 7 in Chicago (5 AM on Dec 8 in UTC).
    const now = new Date('2026-12-08T05:00:00.000Z');
    // 1 AM on Dec 8 in Chicago: tomorrow there, though only two hours away.
    expect(dates.daysUntil('2026-12-08T07:00:00.000Z', now)).toBe(1);
    expect(dates.daysUntil('2026-12-08T05:30:00.000Z', now)).toBe(0);
    expect(dates.daysUntil('2026-12-05T18:00:00.000Z', now)).toBe(-2);
    expect(dates.daysUntil('2027-01-20', now)).toBe(44);
    expect(dates.calendarDateOf('2027-01-20T06:00:00.000Z')).toBe('2027-01-20');
  });

  it("dates the next monthly report on the 1st of next month in the business's zone", async () => {
    const dates = await datesInPage(null);
    // 7 PM on Nov 30 in Chicago, Dec 1 in UTC: the next report is still Dec 1.
    expect(dates.firstOfNextMonth(new Date('2026-12-01T01:00:00.000Z'))).toBe('2026-12-01');
    expect(dates.firstOfNextMonth(new Date('2026-12-31T12:00:00.000Z'))).toBe('2027-01-01');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@shared/schemas/leads';
import { findCity } from '@shared/places';
import { capturedLogger } from '@tests/support/captured-log';
import { startFakeOverpass, type FakeOverpass } from '@tests/support/fake-overpass';
import { categoryCount } from './osm-categories';
import { chicagoWallClock, createOverpassSource, openAt } from './osm';
import { boxAround, gridCells, SourceError } from './types';

const city = { ...findCity('Baton Rouge')!, name: 'Baton Rouge' };
const box = boxAround(city.lat, city.lon, 5);
let overpass: FakeOverpass | undefined;
afterEach(async () => {
  await overpass?.close();
  overpass = undefined;
});

const restaurant = {
  type: 'node' as const,
  id: 42,
  lat: city.lat + 0.01,
  lon: city.lon,
  tags: {
    amenity: 'restaurant',
    name: "Mike's Crawfish",
    'addr:housenumber': '12',
    'addr:street': 'Government Street',
    'addr:city': 'Baton Rouge',
    'addr:state': 'LA',
    'addr:postcode': '70802',
    'contact:phone': '+1 225-555-0142',
    website: 'https://mikescrawfish.com',
    'contact:email': 'hi@mikescrawfish.com',
    'contact:instagram': 'mikescrawfish',
    opening_hours: 'Mo-Sa 11:00-21:00',
    start_date: '2004',
  },
};
const hotelWay = {
  type: 'way' as const,
  id: 77,
  center: { lat: city.lat, lon: city.lon + 0.01 },
  tags: { tourism: 'motel', name: 'Levee Motel' },
};

function source(options: Partial<Parameters<typeof createOverpassSource>[0]> = {}) {
  return createOverpassSource({
    url: overpass!.url,
    userAgent: 'LeadFinderTest/1.0',
    retryDelaysMs: [10, 10],
    now: () => new Date('2026-11-23T18:00:00Z'), // a Monday, noon in Chicago
    ...options,
  });
}

describe('OpenStreetMap source', () => {
  it('maps tagged elements to places: address, contact, hours, social links, ways by their centre', async () => {
    overpass = await startFakeOverpass({ elements: [restaurant, hotelWay] });
    const places = await source().search({ box, businessTypes: BUSINESS_TYPES, city });
    expect(places).toEqual([
      expect.objectContaining({
        sourceId: 'osm-n42',
        name: "Mike's Crawfish",
        businessType: 'Restaurant',
        category: 'restaurant',
        address: '12 Government Street, Baton Rouge, LA 70802',
        phone: '+1 225-555-0142',
        website: 'https://mikescrawfish.com',
        email: 'hi@mikescrawfish.com',
        socialLinks: ['https://www.instagram.com/mikescrawfish'],
        isOpen: true,
        rating: 0,
        reviewCount: 0,
        startDate: '2004',
      }),
      expect.objectContaining({
        sourceId: 'osm-w77',
        businessType: 'Hospitality',
        lat: hotelWay.center.lat,
        isOpen: null,
      }),
    ]);
    expect(overpass.stats.userAgents).toEqual(new Set(['LeadFinderTest/1.0']));
  });

  it('asks only for the chosen type, with the name required, in one query', async () => {
    overpass = await startFakeOverpass({ elements: [restaurant, hotelWay] });
    const places = await source().search({ box, businessTypes: ['Restaurant'], city });
    expect(places.map((place) => place.name)).toEqual(["Mike's Crawfish"]);
    expect(overpass.stats.requests).toBe(1);
    expect(overpass.stats.queries[0]).toContain('nwr["amenity"~"^(');
    expect(overpass.stats.queries[0]).toContain('["name"]');
    expect(overpass.stats.queries[0]).not.toContain('tourism');
  });

  it('covers over 100 categories in bulk mode', () => {
    expect(categoryCount(BUSINESS_TYPES)).toBeGreaterThan(100);
  });

  it('retries a 429 after its Retry-After, then answers', async () => {
    overpass = await startFakeOverpass({ elements: [restaurant] });
    overpass.behave({ kind: 'status', status: 429, times: 1, retryAfter: '0' });
    const places = await source().search({ box, businessTypes: ['Restaurant'], city });
    expect(places).toHaveLength(1);
    expect(overpass.stats.requests).toBe(2);
  });

  it.each([
    [
      { kind: 'status', status: 429, times: 9 },
      'OpenStreetMap is busy (too many requests). Try again in a minute.',
    ],
    [
      { kind: 'status', status: 504, times: 9 },
      'OpenStreetMap did not answer in time. Try again in a minute.',
    ],
    [
      { kind: 'status', status: 400, times: 1 },
      'OpenStreetMap search failed (HTTP 400). Try again later.',
    ],
    [{ kind: 'garbage' }, 'OpenStreetMap sent an answer that could not be read. Try again later.'],
    [{ kind: 'remark' }, 'OpenStreetMap did not answer in time. Try again in a minute.'],
    [{ kind: 'hang' }, 'OpenStreetMap did not answer in time. Try again in a minute.'],
  ] as const)('fails with a clear message on %o', async (behaviour, message) => {
    overpass = await startFakeOverpass({ elements: [restaurant] });
    overpass.behave({ ...behaviour });
    const error = await source({ timeoutMs: 400 })
      .search({ box, businessTypes: ['Restaurant'], city })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe(message);
    // Bounded: the first try and at most the two retries.
    expect(overpass.stats.requests).toBeLessThanOrEqual(3);
  });

  it.each([
    ['no elements', { version: 0.6, remark: 'something odd' }],
    ['elements is not a list', { elements: { type: 'node', id: 1 } }],
    ['an element without an id', { elements: [{ type: 'node', tags: { name: 'Cafe' } }] }],
    ['a tag that is not text', { elements: [{ type: 'node', id: 1, tags: { name: 3 } }] }],
  ])(
    'rejects an answer of the wrong shape (%s) with a clear message and logs what was wrong',
    async (_case, body) => {
      overpass = await startFakeOverpass({ elements: [restaurant] });
      overpass.behave({ kind: 'body', body });
      const { logger, lines } = capturedLogger();
      const error = await source({ logger })
        .search({ box, businessTypes: ['Restaurant'], city })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SourceError);
      expect((error as SourceError).message).toBe(
        'OpenStreetMap sent an answer that could not be read. Try again later.',
      );
      expect((error as SourceError).status).toBe(502);
      expect(overpass.stats.requests).toBe(1);
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({
          level: 40, // warn
          source: 'OpenStreetMap',
          msg: 'OpenStreetMap answered in an unexpected shape',
          issues: expect.stringContaining('elements'),
        }),
      ]);
    },
  );

  it('accepts fields it does not read, as Overpass adds them', async () => {
    overpass = await startFakeOverpass({ elements: [restaurant] });
    overpass.behave({
      kind: 'body',
      body: {
        version: 0.6,
        osm3s: { timestamp_osm_base: '2026-11-23T17:00:00Z' },
        elements: [{ ...restaurant, version: 7, user: 'mapper' }],
      },
    });
    const places = await source().search({ box, businessTypes: ['Restaurant'], city });
    expect(places).toEqual([expect.objectContaining({ sourceId: 'osm-n42' })]);
  });

  it('never has more than two requests in flight', async () => {
    overpass = await startFakeOverpass({ elements: [restaurant], latencyMs: 50 });
    const osm = source();
    await Promise.all(
      gridCells(box, 3).map((cell) =>
        osm.search({ box: cell, businessTypes: BUSINESS_TYPES, city }),
      ),
    );
    expect(overpass.stats.requests).toBe(9);
    expect(overpass.stats.maxInFlight).toBe(2);
  });
});

describe('opening hours', () => {
  const where = { lat: city.lat, lon: city.lon, state: 'Louisiana' };
  it('are evaluated in America/Chicago whatever the server time zone', () => {
    // 16:30 UTC on a Monday is 10:30 in Chicago (CST).
    const monday = new Date('2026-11-23T16:30:00Z');
    expect(chicagoWallClock(monday).getHours()).toBe(10);
    expect(openAt('Mo-Fr 10:00-17:00', monday, where)).toBe(true);
    expect(openAt('Mo-Fr 11:00-17:00', monday, where)).toBe(false);
    expect(openAt('Sa-Su 10:00-17:00', monday, where)).toBe(false);
  });

  it('are unknown when absent or unreadable', () => {
    expect(openAt(undefined, new Date(), where)).toBeNull();
    expect(openAt('whenever the owner feels like it', new Date(), where)).toBeNull();
  });
});

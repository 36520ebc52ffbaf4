import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findCity } from '@shared/places';
import { capturedLogger } from '@tests/support/captured-log';
import { createGooglePlacesSource } from './google';
import { boxAround, SourceError } from './types';

const city = { ...findCity('Jackson', 'Mississippi')!, name: 'Jackson' };
const requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let failWith: number | null = null;
/** A body of the wrong shape to answer with 200 instead of the places. */
let malformed: unknown = null;
let server: http.Server;
let url: string;

/** Answers like the Places API (New) Text Search: two pages linked by nextPageToken. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (failWith) {
        res.statusCode = failWith;
        res.end(
          JSON.stringify({
            error: { code: failWith, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
          }),
        );
        return;
      }
      if (malformed !== null) {
        res.end(JSON.stringify(malformed));
        return;
      }
      const place = (n: number) => ({
        id: `ChIJ${n}`,
        displayName: { text: `Clinic ${n}`, languageCode: 'en' },
        formattedAddress: `${n} State St, Jackson, MS 39201, USA`,
        location: { latitude: city.lat, longitude: city.lon },
        nationalPhoneNumber: '(601) 555-0100',
        websiteUri: n === 1 ? 'https://clinic1.com/' : undefined,
        rating: 4.6,
        userRatingCount: 120 + n,
        currentOpeningHours: { openNow: n === 1 },
        businessStatus: n === 2 ? 'CLOSED_TEMPORARILY' : 'OPERATIONAL',
        types: ['doctor', 'health'],
      });
      res.end(
        JSON.stringify(
          body.pageToken === 'page-2'
            ? { places: [place(3)] }
            : { places: [place(1), place(2)], nextPageToken: 'page-2' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('asks Text Search with the key and field mask, follows page tokens and maps the fields', async () => {
  const google = createGooglePlacesSource({ apiKey: 'test-key', url });
  const places = await google.search({
    box: boxAround(city.lat, city.lon, 10),
    businessTypes: ['Healthcare'],
    city,
  });
  expect(places.map((place) => place.name)).toEqual(['Clinic 1', 'Clinic 2', 'Clinic 3']);
  expect(places[0]).toMatchObject({
    sourceId: 'google-ChIJ1',
    businessType: 'Healthcare',
    phone: '(601) 555-0100',
    website: 'https://clinic1.com/',
    rating: 4.6,
    reviewCount: 121,
    isOpen: true,
    businessStatus: 'OPERATIONAL',
  });
  expect(places[1]).toMatchObject({ isOpen: false, businessStatus: 'CLOSED_TEMPORARILY' });
  expect(requests).toHaveLength(2);
  expect(requests[0]!.headers['x-goog-api-key']).toBe('test-key');
  expect(requests[0]!.headers['x-goog-fieldmask']).toBe(
    'places.id,places.displayName,places.formattedAddress,places.location,places.nationalPhoneNumber,places.websiteUri,places.rating,places.userRatingCount,places.currentOpeningHours.openNow,places.businessStatus,places.types,nextPageToken',
  );
  expect(requests[0]!.body).toMatchObject({
    textQuery: 'medical clinics and doctors in Jackson, Mississippi',
    locationRestriction: { rectangle: expect.any(Object) },
  });
  expect(requests[1]!.body.pageToken).toBe('page-2');
});

it('turns an error answer into a clear message', async () => {
  failWith = 403;
  const google = createGooglePlacesSource({ apiKey: 'bad', url });
  const error = await google
    .search({ box: boxAround(city.lat, city.lon, 10), businessTypes: ['Healthcare'], city })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SourceError);
  expect((error as Error).message).toBe(
    'Google Places search failed (HTTP 403): API key not valid.',
  );
  failWith = null;
});

it.each([
  ['places is not a list', { places: { id: 'ChIJ1' } }],
  ['a place has a location without numbers', { places: [{ id: 'ChIJ1', location: 'Jackson' }] }],
  ['a place has no id', { places: [{ displayName: { text: 'Clinic 1' } }] }],
])(
  'rejects an answer of the wrong shape (%s) with a clear message and logs what was wrong',
  async (_case, body) => {
    malformed = body;
    const { logger, lines } = capturedLogger();
    const google = createGooglePlacesSource({ apiKey: 'test-key', url, logger });
    const error = await google
      .search({ box: boxAround(city.lat, city.lon, 10), businessTypes: ['Healthcare'], city })
      .catch((caught: unknown) => caught)
      .finally(() => (malformed = null));
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe(
      'Google Places sent an answer that could not be read.',
    );
    expect((error as SourceError).status).toBe(502);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40, // warn
        source: 'Google Places',
        msg: 'Google Places answered in an unexpected shape',
        issues: expect.stringContaining('places'),
      }),
    ]);
  },
);

it('accepts fields it does not read, as Google adds them', async () => {
  malformed = {
    places: [
      {
        id: 'ChIJ9',
        displayName: { text: 'Clinic 9', languageCode: 'en' },
        location: { latitude: city.lat, longitude: city.lon },
        primaryTypeDisplayName: { text: 'Doctor' },
      },
    ],
    searchUri: 'https://maps.google.com/?q=clinics',
  };
  const google = createGooglePlacesSource({ apiKey: 'test-key', url });
  const places = await google
    .search({ box: boxAround(city.lat, city.lon, 10), businessTypes: ['Healthcare'], city })
    .finally(() => (malformed = null));
  expect(places).toEqual([expect.objectContaining({ sourceId: 'google-ChIJ9', name: 'Clinic 9' })]);
});

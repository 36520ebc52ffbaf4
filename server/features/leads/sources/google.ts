import type { Logger } from 'pino';
import { z } from 'zod';
import type { BusinessType } from '@shared/schemas/leads';
import type { Place } from '@shared/lead-facts';
import { deadline } from '../../../lib/deadline';
import { OFFLINE_HINT, readAnswer, SourceError, type LeadSourceAdapter } from './types';

const FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'location',
  'nationalPhoneNumber',
  'websiteUri',
  'rating',
  'userRatingCount',
  'currentOpeningHours.openNow',
  'businessStatus',
  'types',
];
const FIELD_MASK = [...FIELDS.map((field) => `places.${field}`), 'nextPageToken'].join(',');
/** Text Search gives at most 60 results (3 pages of 20) per query. */
const MAX_PAGES = 3;

/**
 * The fields of FIELDS we read, as Text Search answers them. Loose objects: Google may add
 * fields (displayName.languageCode...) without breaking us; a field we read with the wrong
 * type rejects the page.
 */
const GooglePlaceSchema = z.looseObject({
  id: z.string(),
  displayName: z.looseObject({ text: z.string() }).optional(),
  formattedAddress: z.string().optional(),
  location: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
  nationalPhoneNumber: z.string().optional(),
  websiteUri: z.string().optional(),
  rating: z.number().optional(),
  userRatingCount: z.number().optional(),
  currentOpeningHours: z.looseObject({ openNow: z.boolean().optional() }).optional(),
  businessStatus: z.string().optional(),
  types: z.array(z.string()).optional(),
});
const GoogleSearchAnswerSchema = z.looseObject({
  places: z.array(GooglePlaceSchema).optional(),
  nextPageToken: z.string().optional(),
});
/** Google's error body: only the message is shown to the owner. */
const GoogleErrorSchema = z.looseObject({
  error: z.looseObject({ message: z.string().optional() }),
});

const QUERY_TEXT: Record<BusinessType, string> = {
  Restaurant: 'restaurants',
  'Retail Store': 'retail stores',
  Healthcare: 'medical clinics and doctors',
  'Professional Services': 'professional services',
  Construction: 'construction contractors',
  'Real Estate': 'real estate agencies',
  Automotive: 'auto repair and car dealers',
  Hospitality: 'hotels and lodging',
  Technology: 'IT services and technology companies',
  Manufacturing: 'manufacturers',
};

/** Google Places API (New) Text Search, one query per business type, pages followed. */
export function createGooglePlacesSource({
  apiKey,
  url = 'https://places.googleapis.com',
  timeoutMs = 15_000,
  logger,
}: {
  apiKey: string;
  url?: string;
  timeoutMs?: number;
  /** Where an answer of the wrong shape is reported, with what was wrong in it. */
  logger?: Pick<Logger, 'warn'>;
}): LeadSourceAdapter {
  async function page(body: object, signal?: AbortSignal) {
    const pageDeadline = deadline(timeoutMs, signal);
    try {
      return await request(body, pageDeadline.signal, signal);
    } finally {
      pageDeadline.clear();
    }
  }

  async function request(body: object, pageSignal: AbortSignal, signal?: AbortSignal) {
    let response: Response;
    try {
      response = await fetch(`${url.replace(/\/$/, '')}/v1/places:searchText`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': apiKey,
          'x-goog-fieldmask': FIELD_MASK,
        },
        body: JSON.stringify(body),
        signal: pageSignal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SourceError(
        (error as Error).name === 'TimeoutError'
          ? 'Google Places did not answer in time. Try again in a minute.'
          : `Google Places could not be reached. ${OFFLINE_HINT}`,
        504,
      );
    }
    if (response.status === 429) {
      throw new SourceError('Google Places quota reached. Try again later.', 503);
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const detail = GoogleErrorSchema.safeParse(body).data?.error.message;
      throw new SourceError(
        `Google Places search failed (HTTP ${response.status})${detail ? `: ${detail}` : ''}`,
      );
    }
    return readAnswer(response, GoogleSearchAnswerSchema, {
      source: 'Google Places',
      unreadable: 'Google Places sent an answer that could not be read.',
      logger,
    });
  }

  return {
    name: 'google',
    async search(query) {
      const places: Place[] = [];
      for (const businessType of query.businessTypes) {
        let pageToken: string | undefined;
        for (let pageNumber = 0; pageNumber < MAX_PAGES; pageNumber++) {
          const answer = await page(
            {
              textQuery: `${QUERY_TEXT[businessType]} in ${query.city.name}, ${query.city.state}`,
              pageSize: 20,
              locationRestriction: {
                rectangle: {
                  low: { latitude: query.box.south, longitude: query.box.west },
                  high: { latitude: query.box.north, longitude: query.box.east },
                },
              },
              ...(pageToken ? { pageToken } : {}),
            },
            query.signal,
          );
          for (const place of answer.places ?? []) {
            if (!place.displayName?.text || !place.location) continue;
            places.push({
              sourceId: `google-${place.id}`,
              name: place.displayName.text,
              businessType,
              category: place.types?.[0] ?? businessType,
              lat: place.location.latitude,
              lon: place.location.longitude,
              address: place.formattedAddress ?? null,
              phone: place.nationalPhoneNumber ?? null,
              website: place.websiteUri ?? null,
              email: null,
              isOpen: place.currentOpeningHours?.openNow ?? null,
              socialLinks: [],
              rating: place.rating ?? 0,
              reviewCount: place.userRatingCount ?? 0,
              startDate: null,
              businessStatus: place.businessStatus ?? null,
            });
          }
          pageToken = answer.nextPageToken;
          if (!pageToken) break;
        }
      }
      return places;
    },
  };
}

import OpeningHours from 'opening_hours';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Place } from '@shared/lead-facts';
import type { BusinessType } from '@shared/schemas/leads';
import { businessTypeOf, tagFilters } from './osm-categories';
import { deadline } from '../../../lib/deadline';
import {
  readAnswer,
  OFFLINE_HINT,
  SourceError,
  type Box,
  type LeadSourceAdapter,
  type SourceQuery,
} from './types';

export interface OverpassOptions {
  url: string;
  userAgent: string;
  /** Per request; Overpass itself is told a little less ([timeout:N]). */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd... attempt after a 429 or 504 (Retry-After wins when longer). */
  retryDelaysMs?: readonly number[];
  /** The wall clock, for isOpen (evaluated in America/Chicago). */
  now?: () => Date;
  /** Where an answer of the wrong shape is reported, with what was wrong in it. */
  logger?: Pick<Logger, 'warn'>;
}

/** Overpass gives each client two slots: never more than two requests in flight. */
const OVERPASS_SLOTS = 2;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

const escape = (value: string) => value.replace(/[\\"]/g, '\\$&');

export function overpassQuery(box: Box, types: readonly BusinessType[], timeoutSeconds: number) {
  const bbox = [box.south, box.west, box.north, box.east].map((n) => n.toFixed(6)).join(',');
  const statements = [...tagFilters(types)].map(
    ([key, values]) =>
      `  nwr["${escape(key)}"~"^(${values.map(escape).join('|')})$"]["name"](${bbox});`,
  );
  return `[out:json][timeout:${timeoutSeconds}];\n(\n${statements.join('\n')}\n);\nout tags center;`;
}

/**
 * The fields of an element we read (`out tags center`). Loose objects: Overpass adds
 * fields (version, generator, osm3s...) as it likes; a field we read with the wrong type
 * rejects the answer.
 */
const OverpassElementSchema = z.looseObject({
  type: z.enum(['node', 'way', 'relation']),
  id: z.number(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  center: z.looseObject({ lat: z.number(), lon: z.number() }).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
type OverpassElement = z.infer<typeof OverpassElementSchema>;
const OverpassAnswerSchema = z.looseObject({
  elements: z.array(OverpassElementSchema),
  remark: z.string().optional(),
});

/** The wall-clock time in America/Chicago as a Date whose local fields show it. */
export function chicagoWallClock(date: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** Whether an opening_hours value says open at `when`; null when absent or unreadable. */
export function openAt(
  value: string | undefined,
  when: Date,
  where: { lat: number; lon: number; state: string },
): boolean | null {
  if (!value) return null;
  try {
    const hours = new OpeningHours(value, {
      lat: where.lat,
      lon: where.lon,
      address: { country_code: 'us', state: where.state },
    });
    if (hours.getUnknown(chicagoWallClock(when))) return null;
    return hours.getState(chicagoWallClock(when));
  } catch {
    return null;
  }
}

const SOCIAL_TAGS: Record<string, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  linkedin: 'https://www.linkedin.com/company/',
  youtube: 'https://www.youtube.com/',
  tiktok: 'https://www.tiktok.com/@',
  yelp: 'https://www.yelp.com/biz/',
};

function socialLinks(tags: Record<string, string>): string[] {
  const links: string[] = [];
  for (const [network, base] of Object.entries(SOCIAL_TAGS)) {
    const value = tags[`contact:${network}`] ?? tags[network];
    if (!value) continue;
    links.push(/^https?:\/\//i.test(value) ? value : `${base}${value.replace(/^@/, '')}`);
  }
  return links;
}

function address(tags: Record<string, string>): string | null {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
  const locality = [
    tags['addr:city'],
    [tags['addr:state'], tags['addr:postcode']].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const full = [street || tags['addr:full'], locality].filter(Boolean).join(', ');
  return full || null;
}

const first = (tags: Record<string, string>, ...keys: string[]) =>
  keys.map((key) => tags[key]?.split(';')[0]?.trim()).find(Boolean) ?? null;

export function placeFromElement(
  element: OverpassElement,
  asked: readonly BusinessType[],
  query: SourceQuery,
  now: Date,
): Place | undefined {
  const tags = element.tags ?? {};
  const lat = element.lat ?? element.center?.lat;
  const lon = element.lon ?? element.center?.lon;
  const kind = businessTypeOf(tags, asked);
  if (!tags.name || lat === undefined || lon === undefined || !kind) return undefined;
  return {
    sourceId: `osm-${element.type[0]}${element.id}`,
    name: tags.name,
    ...kind,
    lat,
    lon,
    address: address(tags),
    phone: first(tags, 'phone', 'contact:phone', 'contact:mobile'),
    website: first(tags, 'website', 'contact:website', 'url'),
    email: first(tags, 'email', 'contact:email'),
    isOpen: openAt(tags.opening_hours, now, { lat, lon, state: query.city.state }),
    socialLinks: socialLinks(tags),
    rating: 0,
    reviewCount: 0,
    startDate: tags.start_date ?? null,
    businessStatus: null,
  };
}

/** The fields read from an answer (without the loose object's other keys). */
type OverpassAnswer = Pick<z.infer<typeof OverpassAnswerSchema>, 'elements' | 'remark'>;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** OpenStreetMap through the Overpass API: no key, no ratings, real tags. */
export function createOverpassSource({
  url,
  userAgent,
  timeoutMs = 30_000,
  retryDelaysMs = [2000, 5000, 15_000],
  now = () => new Date(),
  logger,
}: OverpassOptions): LeadSourceAdapter {
  const slots = pLimit(OVERPASS_SLOTS);

  async function post(body: string, signal?: AbortSignal): Promise<OverpassAnswer> {
    for (let attempt = 0; ; attempt++) {
      const attemptDeadline = deadline(timeoutMs, signal);
      let outcome: OverpassAnswer | { retryAfterMs: number };
      try {
        outcome = await request(
          body,
          attemptDeadline.signal,
          signal,
          attempt < retryDelaysMs.length,
        );
      } finally {
        attemptDeadline.clear();
      }
      if (!('retryAfterMs' in outcome)) return outcome;
      await sleep(Math.max(retryDelaysMs[attempt]!, outcome.retryAfterMs), signal);
    }
  }

  /** One request within its deadline: the answer, or how long Overpass asks us to wait. */
  async function request(
    body: string,
    attemptSignal: AbortSignal,
    signal: AbortSignal | undefined,
    mayRetry: boolean,
  ): Promise<OverpassAnswer | { retryAfterMs: number }> {
    let response: Response;
    try {
      response = await slots(() =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'user-agent': userAgent,
          },
          body: new URLSearchParams({ data: body }),
          signal: attemptSignal,
        }),
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      if ((error as Error).name === 'TimeoutError') {
        throw new SourceError('OpenStreetMap did not answer in time. Try again in a minute.', 504);
      }
      throw new SourceError(`OpenStreetMap could not be reached. ${OFFLINE_HINT}`, 502);
    }
    if (RETRY_STATUSES.has(response.status) && mayRetry) {
      await response.body?.cancel();
      const retryAfterMs = Number(response.headers.get('retry-after')) * 1000;
      return { retryAfterMs: Number.isFinite(retryAfterMs) ? retryAfterMs : 0 };
    }
    if (response.status === 429) {
      throw new SourceError(
        'OpenStreetMap is busy (too many requests). Try again in a minute.',
        503,
      );
    }
    if (response.status === 504) {
      throw new SourceError('OpenStreetMap did not answer in time. Try again in a minute.', 504);
    }
    if (!response.ok) {
      throw new SourceError(
        `OpenStreetMap search failed (HTTP ${response.status}). Try again later.`,
      );
    }
    const answer = await readAnswer(response, OverpassAnswerSchema, {
      source: 'OpenStreetMap',
      unreadable: 'OpenStreetMap sent an answer that could not be read. Try again later.',
      logger,
    });
    // Overpass answers 200 with a remark when the query ran out of time or memory.
    if (
      answer.elements.length === 0 &&
      /runtime error|timed out|out of memory/i.test(answer.remark ?? '')
    ) {
      throw new SourceError('OpenStreetMap did not answer in time. Try again in a minute.', 504);
    }
    return answer;
  }

  return {
    name: 'osm',
    async search(query) {
      const timeoutSeconds = Math.max(5, Math.floor(timeoutMs / 1000) - 5);
      const { elements } = await post(
        overpassQuery(query.box, query.businessTypes, timeoutSeconds),
        query.signal,
      );
      const at = now();
      const places: Place[] = [];
      for (const element of elements) {
        const place = placeFromElement(element, query.businessTypes, query, at);
        if (place) places.push(place);
      }
      return places;
    },
  };
}

import type { LeadFacts, Place, VerificationChecks } from '@shared/lead-facts';
import { distanceMiles, type City } from '@shared/places';
import {
  DEFAULT_RADIUS_MILES,
  summarizeLead,
  type Lead,
  type MarketingSearch,
  type WebsiteSignals,
} from '@shared/schemas/leads';
import type { LeadSearchRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SOCIAL_HOSTS, hostMatches } from './analysis/technology';
import { nationalPhone } from './analysis/verification';
import { websiteUrl } from './analysis/website-analyzer';
import type { LeadRepository } from './leads.repository';
import { resolveCity } from './gazetteer';
import { buildLeads } from './scoring';
import type { LeadSourceAdapter } from './sources/types';

const CACHE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SearchStepsDeps {
  repository: LeadRepository;
  source: LeadSourceAdapter;
  analyse: (url: URL) => Promise<WebsiteSignals>;
  verify: (place: Place, email: string | null) => Promise<VerificationChecks>;
  now?: () => Date;
}

/** Names compared without case, punctuation or legal suffixes ("Joe's Grill, LLC" = "joes grill"). */
export function normalisedName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\b(llc|inc|co|corp|ltd|the)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keys two listings of one business share: the source id, then name + phone or address. */
export function dedupeKeys(place: Place): string[] {
  const name = normalisedName(place.name);
  const keys = [`id:${place.sourceId}`];
  const digits = place.phone?.replace(/\D/g, '').slice(-10);
  if (digits && digits.length === 10) keys.push(`phone:${name}|${digits}`);
  if (place.address) keys.push(`address:${name}|${normalisedName(place.address)}`);
  return keys;
}

export function radiusOf(criteria: MarketingSearch) {
  return criteria.radius ?? DEFAULT_RADIUS_MILES;
}

/** The searched city's centre, checked against the gazetteer: 400 before anything starts. */
export function cityOf(criteria: MarketingSearch): City & { state: string } {
  const city = resolveCity(criteria.city, criteria.state);
  if (city) return city;
  if (!criteria.state) throw new AppError(400, 'Choose a city from the list');
  throw new AppError(
    400,
    `"${criteria.city}" is not a city of ${criteria.state}. Choose a city from the list.`,
  );
}

function keepByFilters(criteria: MarketingSearch) {
  return (lead: Lead) =>
    (!criteria.minRating || lead.rating >= criteria.minRating) &&
    (!criteria.openNow || lead.isOpen === true);
}

const byScore = (a: Lead, b: Lead) => b.leadScore - a.leadScore || a.name.localeCompare(b.name);

/**
 * What a plain search and a bulk search both do with the places a source lists: keep the new
 * ones nearby, enrich them (website analysis, verification), then score them and close the
 * search. One instance per process, so concurrent asks for one website share its analysis.
 */
export function createSearchSteps({
  repository,
  source,
  analyse,
  verify,
  now = () => new Date(),
}: SearchStepsDeps) {
  const analysing = new Map<string, Promise<WebsiteSignals>>();

  /** A website's signals: from the 7-day cache, else one analysis (shared by concurrent asks). */
  async function signalsFor(url: URL): Promise<WebsiteSignals> {
    const key = url.href;
    let pending = analysing.get(key);
    if (!pending) {
      pending = (async () => {
        const cached = await repository.cachedAnalysis(
          key,
          new Date(now().getTime() - CACHE_DAYS * DAY_MS),
        );
        if (cached) return cached;
        const signals = await analyse(url);
        await repository.cacheAnalysis(key, signals, now());
        return signals;
      })().finally(() => analysing.delete(key));
      analysing.set(key, pending);
    }
    return pending;
  }

  function factsOf(place: Place, distance: number, criteria: MarketingSearch): LeadFacts {
    return {
      source: source.name,
      // Formatted once here, so scoring (which runs over every lead again) needs no parsing.
      place: { ...place, phone: nationalPhone(place.phone) },
      city: criteria.city,
      distance,
      email: place.email,
      signals: null,
      checks: null,
    };
  }

  return {
    needsEnrichment: (place: Place, criteria: MarketingSearch) =>
      Boolean(place.website) || Boolean(criteria.enhancedVerification),

    /** Website analysis, the e-mail it found, and the verification checks when asked for. */
    async enrich(facts: LeadFacts, criteria: MarketingSearch): Promise<LeadFacts> {
      const { place } = facts;
      let signals: WebsiteSignals | null = null;
      if (place.sampleWebsite) signals = place.sampleWebsite;
      else if (place.website) {
        const url = websiteUrl(place.website);
        if (url && !hostMatches(url.hostname, SOCIAL_HOSTS)) signals = await signalsFor(url);
      }
      const email = place.email ?? signals?.emails[0] ?? null;
      const checks = criteria.enhancedVerification ? await verify(place, email) : null;
      return { ...facts, signals, email, checks };
    },

    /**
     * The places of one query worth keeping: within the radius, nearest first, not already
     * seen (their keys are added to `seen`), at most `room` of them.
     */
    newNearby(
      places: Place[],
      city: City,
      criteria: MarketingSearch,
      seen: Set<string>,
      room: number,
    ): LeadFacts[] {
      const radius = radiusOf(criteria);
      const chosen: LeadFacts[] = [];
      // Distances first: a place outside the radius is dropped before its phone is parsed.
      const nearestFirst = places
        .map((place) => ({ place, distance: distanceMiles(city, place) }))
        .filter(({ distance }) => distance <= radius)
        .sort((a, b) => a.distance - b.distance)
        .map(({ place, distance }) => factsOf(place, distance, criteria));
      for (const facts of nearestFirst) {
        if (chosen.length >= room) break;
        const keys = dedupeKeys(facts.place);
        if (keys.some((key) => seen.has(key))) continue;
        keys.forEach((key) => seen.add(key));
        chosen.push(facts);
      }
      return chosen;
    },

    /**
     * Scores every gathered lead, keeps those passing the filters, and closes the search.
     * `facts`: the search's leads when already in memory; otherwise they are read back.
     */
    async complete(row: LeadSearchRow, cellsDone: number, facts?: LeadFacts[]) {
      facts ??= (await repository.allFacts(row.id)).map((entry) => entry.facts);
      const leads = buildLeads(facts, now().getUTCFullYear());
      const kept = leads.filter(keepByFilters(row.criteria)).sort(byScore);
      const finished = await repository.finish(
        row.id,
        kept.map((lead) => ({ lead, summary: summarizeLead(lead) })),
        { total: kept.length, totalUnfiltered: leads.length, cellsDone },
        now(),
      );
      return { kept, totalUnfiltered: leads.length, finished };
    },
  };
}
export type SearchSteps = ReturnType<typeof createSearchSteps>;

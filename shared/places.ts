/**
 * The cities of the product spec (section 3), alphabetical per state, each with the
 * coordinates of its centre (WGS 84): the marketing tool's default suggestions for Louisiana
 * and Mississippi, and the points their searches measure distances from. Every other US city
 * comes from the server's gazetteer (server/features/leads/gazetteer.ts, ADR 041).
 */
export interface City {
  name: string;
  lat: number;
  lon: number;
}

export const CITIES = {
  Louisiana: [
    { name: 'Alexandria', lat: 31.3113, lon: -92.4451 },
    { name: 'Baton Rouge', lat: 30.4515, lon: -91.1871 },
    { name: 'Bossier City', lat: 32.516, lon: -93.7321 },
    { name: 'Central', lat: 30.5544, lon: -91.0368 },
    { name: 'Covington', lat: 30.4755, lon: -90.1009 },
    { name: 'Crowley', lat: 30.2141, lon: -92.3746 },
    { name: 'Denham Springs', lat: 30.4869, lon: -90.9568 },
    { name: 'Gonzales', lat: 30.2386, lon: -90.9201 },
    { name: 'Hammond', lat: 30.5044, lon: -90.4612 },
    { name: 'Houma', lat: 29.5958, lon: -90.7195 },
    { name: 'Kenner', lat: 29.9941, lon: -90.2417 },
    { name: 'Lafayette', lat: 30.2241, lon: -92.0198 },
    { name: 'Lake Charles', lat: 30.2266, lon: -93.2174 },
    { name: 'Mandeville', lat: 30.3583, lon: -90.0656 },
    { name: 'Metairie', lat: 29.9841, lon: -90.1529 },
    { name: 'Monroe', lat: 32.5093, lon: -92.1193 },
    { name: 'Morgan City', lat: 29.6994, lon: -91.2068 },
    { name: 'Natchitoches', lat: 31.7607, lon: -93.0863 },
    { name: 'New Iberia', lat: 30.0035, lon: -91.8187 },
    { name: 'New Orleans', lat: 29.9511, lon: -90.0715 },
    { name: 'Opelousas', lat: 30.5335, lon: -92.0815 },
    { name: 'Ruston', lat: 32.5232, lon: -92.6379 },
    { name: 'Shreveport', lat: 32.5252, lon: -93.7502 },
    { name: 'Slidell', lat: 30.2752, lon: -89.7812 },
    { name: 'Sulphur', lat: 30.2366, lon: -93.3774 },
    { name: 'Thibodaux', lat: 29.7958, lon: -90.8229 },
    { name: 'Zachary', lat: 30.6485, lon: -91.1565 },
  ],
  Mississippi: [
    { name: 'Biloxi', lat: 30.396, lon: -88.8853 },
    { name: 'Brandon', lat: 32.2732, lon: -89.9859 },
    { name: 'Cleveland', lat: 33.744, lon: -90.7248 },
    { name: 'Clinton', lat: 32.3415, lon: -90.3218 },
    { name: 'Columbus', lat: 33.4957, lon: -88.4273 },
    { name: 'Corinth', lat: 34.9343, lon: -88.5223 },
    { name: 'Gautier', lat: 30.3858, lon: -88.6117 },
    { name: 'Greenville', lat: 33.4101, lon: -91.0618 },
    { name: 'Greenwood', lat: 33.5162, lon: -90.1795 },
    { name: 'Grenada', lat: 33.769, lon: -89.8084 },
    { name: 'Gulfport', lat: 30.3674, lon: -89.0928 },
    { name: 'Hattiesburg', lat: 31.3271, lon: -89.2903 },
    { name: 'Horn Lake', lat: 34.9554, lon: -90.0348 },
    { name: 'Jackson', lat: 32.2988, lon: -90.1848 },
    { name: 'Laurel', lat: 31.6941, lon: -89.1306 },
    { name: 'Long Beach', lat: 30.3505, lon: -89.1528 },
    { name: 'Madison', lat: 32.4618, lon: -90.1153 },
    { name: 'McComb', lat: 31.2438, lon: -90.4532 },
    { name: 'Meridian', lat: 32.3643, lon: -88.7037 },
    { name: 'Natchez', lat: 31.5604, lon: -91.4032 },
    { name: 'Ocean Springs', lat: 30.4113, lon: -88.8278 },
    { name: 'Oxford', lat: 34.3665, lon: -89.5192 },
    { name: 'Pascagoula', lat: 30.3658, lon: -88.5561 },
    { name: 'Pearl', lat: 32.2746, lon: -90.132 },
    { name: 'Picayune', lat: 30.5255, lon: -89.6795 },
    { name: 'Ridgeland', lat: 32.4285, lon: -90.1323 },
    { name: 'Southaven', lat: 34.9889, lon: -90.0126 },
    { name: 'Starkville', lat: 33.4504, lon: -88.8184 },
    { name: 'Tupelo', lat: 34.2576, lon: -88.7034 },
    { name: 'Vicksburg', lat: 32.3526, lon: -90.8779 },
    { name: 'West Point', lat: 33.6076, lon: -88.6503 },
  ],
} as const satisfies Record<string, readonly City[]>;

export type ListedState = keyof typeof CITIES;
const LISTED_STATES = Object.keys(CITIES) as ListedState[];

/** The 50 states and the District of Columbia by full name, with their postal codes. */
export const STATE_CODES = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
} as const;

export type UsState = keyof typeof STATE_CODES;
export const US_STATES = Object.keys(STATE_CODES) as [UsState, ...UsState[]];

/** The state of a postal code ('AL' -> 'Alabama'), whatever its case; undefined when none. */
export function stateOfCode(code: string): UsState | undefined {
  const upper = code.trim().toUpperCase();
  return US_STATES.find((state) => STATE_CODES[state] === upper);
}

/** The spec's list of a state, or none for the states it does not list. */
export function listedCities(state: UsState): readonly City[] {
  return (CITIES as Partial<Record<UsState, readonly City[]>>)[state] ?? [];
}

/** A city of the spec's lists (of one state, or of any listed state), whatever its case. */
export function findCity(city: string, state?: UsState): (City & { state: UsState }) | undefined {
  const states = state ? LISTED_STATES.filter((listed) => listed === state) : LISTED_STATES;
  for (const candidate of states) {
    const found = CITIES[candidate].find((c) => c.name.toLowerCase() === city.toLowerCase());
    if (found) return { ...found, state: candidate };
  }
  return undefined;
}

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

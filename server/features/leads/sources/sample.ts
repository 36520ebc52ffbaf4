import type { BusinessType, WebsiteSignals } from '@shared/schemas/leads';
import { OSM_CATEGORIES } from './osm-categories';
import type { Place } from '@shared/lead-facts';
import type { Box, LeadSourceAdapter, SourceQuery } from './types';

/**
 * Fictional businesses for offline demos (LEAD_SOURCE=sample). Deterministic: the same
 * area and types always give the same businesses, generated from a seed of the query,
 * never from Math.random. Phone numbers use the fictional 555-01xx block and websites
 * the reserved .example domain, so nothing here can reach a real business. Every lead
 * carries source 'sample' and the screen labels it 'Sample data'.
 */
const PREFIXES = [
  'Bayou',
  'Magnolia',
  'Pelican',
  'Cypress',
  'Delta',
  'Gulf Coast',
  'Crescent',
  'Live Oak',
  'Riverbend',
  'Pinebelt',
  'Cajun',
  'Southern',
  'Heritage',
  'Parish',
  'Levee',
  'Sugarcane',
  'Azalea',
  'Bluebonnet',
  'Old Town',
  'Main Street',
];
const NOUNS: Record<BusinessType, readonly string[]> = {
  Restaurant: ['Kitchen', 'Grill', 'Cafe', 'Po-Boys', 'Seafood House', 'Bistro'],
  'Retail Store': ['Outfitters', 'Boutique', 'Hardware', 'Gifts', 'Books', 'Market'],
  Healthcare: ['Family Clinic', 'Dental', 'Pharmacy', 'Chiropractic', 'Eye Care', 'Vet Clinic'],
  'Professional Services': ['Law Firm', 'CPA', 'Insurance', 'Salon', 'Consulting', 'Tax Service'],
  Construction: ['Roofing', 'Builders', 'Plumbing', 'Electric', 'HVAC', 'Concrete'],
  'Real Estate': ['Realty', 'Properties', 'Homes', 'Property Management', 'Land Co.', 'Realtors'],
  Automotive: ['Auto Repair', 'Tire & Lube', 'Motors', 'Body Shop', 'Car Wash', 'Auto Parts'],
  Hospitality: ['Inn', 'Motel', 'Bed & Breakfast', 'Suites', 'Lodge', 'Event Hall'],
  Technology: ['IT Services', 'Computer Repair', 'Networks', 'Software', 'Tech', 'Data Systems'],
  Manufacturing: ['Brewing Co.', 'Fabrication', 'Woodworks', 'Printing', 'Signs', 'Boatworks'],
};
const STREETS = [
  'Main St',
  'Oak Ave',
  'Jefferson Hwy',
  'Front St',
  'Magazine St',
  'Pine Dr',
  'Church St',
];
const TECHNOLOGIES = [
  'WordPress',
  'Wix',
  'Squarespace',
  'GoDaddy builder',
  'Weebly',
  'Hand-written',
];

/** mulberry32, seeded with a 32-bit hash of the query. */
function generator(seedText: string) {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++)
    seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleSignals(next: () => number, year: number): WebsiteSignals {
  const reachable = next() > 0.12;
  const https = next() > 0.35;
  const copyright = year - Math.floor(next() * 8);
  return {
    reachable,
    finalUrl: null,
    status: reachable ? 200 : null,
    https: reachable && https,
    certificateValid: reachable && https ? true : null,
    redirectsToHttps: null,
    responseTimeMs: reachable ? 200 + Math.floor(next() * 3500) : null,
    pageBytes: reachable ? 20_000 + Math.floor(next() * 400_000) : null,
    mobileViewport: reachable && next() > 0.4,
    title: reachable ? 'Home' : null,
    metaDescription: reachable && next() > 0.5 ? 'Serving the community since 1998.' : null,
    technology: reachable ? TECHNOLOGIES[Math.floor(next() * TECHNOLOGIES.length)]! : 'Unknown',
    copyrightYear: reachable ? copyright : null,
    firstYear: reachable ? copyright - Math.floor(next() * 15) : null,
    socialLinks: [],
    emails: [],
    contactForm: reachable && next() > 0.5,
    error: reachable ? null : 'Sample data: website does not answer',
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function samplePlaces(
  box: Box,
  types: readonly BusinessType[],
  state: string,
  year: number,
): Place[] {
  const key = [box.south, box.west, box.north, box.east].map((n) => n.toFixed(4)).join(',');
  const places: Place[] = [];
  for (const type of types) {
    const next = generator(`${key}|${type}`);
    // A single-type search covers the whole area at once; a bulk cell is a ninth of a ninth.
    const count = types.length === 1 ? 25 + Math.floor(next() * 20) : 4 + Math.floor(next() * 6);
    for (let i = 0; i < count; i++) {
      const name = `${PREFIXES[Math.floor(next() * PREFIXES.length)]} ${NOUNS[type][Math.floor(next() * NOUNS[type].length)]}`;
      const id = `sample-${slug(type)}-${Math.floor(next() * 1e9).toString(36)}`;
      const websiteKind = next();
      const website =
        websiteKind < 0.3
          ? null
          : websiteKind < 0.4
            ? `https://www.facebook.com/${slug(name)}`
            : `https://${slug(name)}.example`;
      const categories = Object.values(OSM_CATEGORIES[type]).flat();
      places.push({
        sourceId: id,
        name,
        businessType: type,
        category: categories[Math.floor(next() * categories.length)]!,
        lat: box.south + next() * (box.north - box.south),
        lon: box.west + next() * (box.east - box.west),
        address: `${100 + Math.floor(next() * 9800)} ${STREETS[Math.floor(next() * STREETS.length)]}, ${state}`,
        phone:
          next() > 0.15 ? `(225) 555-01${String(Math.floor(next() * 100)).padStart(2, '0')}` : null,
        website,
        email: next() > 0.6 ? `info@${slug(name)}.example` : null,
        isOpen: next() > 0.3 ? next() > 0.4 : null,
        socialLinks: next() > 0.5 ? [`https://www.facebook.com/${slug(name)}`] : [],
        rating: Math.round((3 + next() * 2) * 10) / 10,
        reviewCount: Math.floor(next() * 400),
        startDate: next() > 0.7 ? String(1970 + Math.floor(next() * 50)) : null,
        businessStatus: null,
        sampleWebsite:
          website && !website.includes('facebook') ? sampleSignals(next, year) : undefined,
      });
    }
  }
  return places;
}

export function createSampleSource({ now = () => new Date() } = {}): LeadSourceAdapter {
  return {
    name: 'sample',
    search: async (query: SourceQuery) =>
      samplePlaces(query.box, query.businessTypes, query.city.state, now().getUTCFullYear()),
  };
}

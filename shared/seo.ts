import type { PublicSettings } from './schemas/settings';
import { joinWithAnd, type SiteSnapshot } from './site-content';

/**
 * What search engines and link previews read of a page: its title, description, social cards
 * and structured data, written from the business settings, the published content (the hero's
 * title, the areas served) and the plans. The build writes it with the defaults
 * (vite.config.ts); the server writes it again with the current ones into every
 * page it hands out (server/lib/spa.ts), so a crawler or a chat app unfurling the link reads
 * the business as the owner entered it, without running any script.
 */

/** Where the block sits in index.html: the server finds and replaces it between these. */
export const SEO_START = '<!--seo-->';
export const SEO_END = '<!--/seo-->';

/** The business as the head describes it: the public settings. */
export type SeoBusiness = Pick<
  PublicSettings,
  'businessName' | 'businessEmail' | 'businessLocation' | 'businessPhone' | 'businessWebsite'
>;

/** Text for an HTML attribute or element: nothing in it can end either. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** 'New Orleans, LA' as its city and two-letter state (the settings' format). */
function splitLocation(location: string): { city: string; state: string | undefined } {
  const match = /^(.*), ([A-Z]{2})$/.exec(location);
  return match ? { city: match[1]!, state: match[2] } : { city: location, state: undefined };
}

export function seoTitle(business: SeoBusiness, site: SiteSnapshot): string {
  return `${business.businessName} · Monthly website plans for ${joinWithAnd(site.content.area.served)} businesses`;
}

export function seoDescription(business: SeoBusiness, site: SiteSnapshot): string {
  // The words the owner chose for where they are ("the Mobile Bay area"), else the city.
  const place = site.content.area.basedIn.trim() || business.businessLocation;
  const served = site.content.area.served.join(', ');
  return `${business.businessName} (${place}) builds fast, beautiful websites on one monthly plan for freelancers and small businesses in ${served} and anywhere in the United States, with design, hosting, SEO and updates included.`;
}

/** A served area as schema.org types it: a US state by its name, any other a place. */
function areaServed(name: string) {
  return US_STATES.has(name) ? { '@type': 'State', name } : { '@type': 'Place', name };
}

/**
 * The structured data (schema.org): a ProfessionalService, the kind of LocalBusiness an
 * agency is, with its contact details and the plans the page shows. `siteUrl` is the public
 * address of this site; the business's own website, when set and elsewhere, is `sameAs`.
 */
export function businessJsonLd(business: SeoBusiness, siteUrl: string, site: SiteSnapshot): string {
  const { city, state } = splitLocation(business.businessLocation);
  const website = business.businessWebsite.trim();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: business.businessName,
    description: `Monthly website plans (design, hosting, SEO and updates) for freelancers and small businesses in ${joinWithAnd(site.content.area.served)}, and anywhere in the United States.`,
    url: `${siteUrl}/`,
    email: business.businessEmail,
    ...(business.businessPhone.trim() && { telephone: business.businessPhone.trim() }),
    ...(website && website.replace(/\/+$/, '') !== siteUrl && { sameAs: [website] }),
    address: {
      '@type': 'PostalAddress',
      addressLocality: city,
      ...(state && { addressRegion: state }),
      addressCountry: 'US',
    },
    areaServed: [
      ...site.content.area.served.map(areaServed),
      { '@type': 'Country', name: 'United States' },
    ],
    makesOffer: site.plans.map((plan) => ({
      '@type': 'Offer',
      name: `${plan.name} website plan`,
      description: plan.description,
      price: (plan.monthlyPrice / 100).toFixed(2),
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (plan.monthlyPrice / 100).toFixed(2),
        priceCurrency: 'USD',
        unitCode: 'MON',
      },
    })),
  };
  // "<" escaped so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The head's tags that carry the business, between SEO_START and SEO_END. */
export function seoHead(business: SeoBusiness, siteUrl: string, site: SiteSnapshot): string {
  const name = escapeHtml(business.businessName);
  const title = escapeHtml(seoTitle(business, site));
  const description = escapeHtml(seoDescription(business, site));
  const social = escapeHtml(`${business.businessName} · ${site.content.hero.title}`);
  return [
    SEO_START,
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${name}" />`,
    `<meta property="og:title" content="${social}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta name="twitter:title" content="${social}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<script type="application/ld+json">${businessJsonLd(business, siteUrl, site)}</script>`,
    SEO_END,
  ].join('\n    ');
}

/**
 * The page with its head's business tags written for `business`; a page without the block
 * (built before it existed) is returned as it is.
 */
export function withSeoHead(
  html: string,
  business: SeoBusiness,
  siteUrl: string,
  site: SiteSnapshot,
): string {
  const start = html.indexOf(SEO_START);
  const end = html.indexOf(SEO_END, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + seoHead(business, siteUrl, site) + html.slice(end + SEO_END.length);
}

const US_STATES = /* @__PURE__ */ new Set([
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
]);

import { DEFAULT_SETTINGS } from '../shared/constants';
import { PLANS } from '../shared/plans';

/**
 * The landing page's structured data (schema.org), written into index.html at build time
 * from the same plan list the page shows.
 */
export function agencyJsonLd(): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: DEFAULT_SETTINGS.businessName,
    description:
      'Monthly website plans (design, hosting, SEO and updates) for freelancers and small businesses in Louisiana and Mississippi, and anywhere in the United States.',
    url: '__APP_URL__/',
    email: DEFAULT_SETTINGS.businessEmail,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'New Orleans',
      addressRegion: 'LA',
      addressCountry: 'US',
    },
    areaServed: [
      { '@type': 'State', name: 'Louisiana' },
      { '@type': 'State', name: 'Mississippi' },
      { '@type': 'Country', name: 'United States' },
    ],
    makesOffer: PLANS.map((plan) => ({
      '@type': 'Offer',
      name: `${plan.name} website plan`,
      description: plan.description,
      price: (plan.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (plan.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        unitCode: 'MON',
      },
    })),
  };
  // "<" escaped so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

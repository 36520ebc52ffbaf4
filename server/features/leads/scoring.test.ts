import { describe, expect, it } from 'vitest';
import type { LeadFacts, Place } from '@shared/lead-facts';
import type { WebsiteSignals } from '@shared/schemas/leads';
import { samplePlaces } from './sources/sample';
import {
  buildLead,
  buildLeads,
  businessAge,
  competitivePosition,
  conversionPotential,
  INDUSTRY_FIT,
  onlineReputation,
  PART_MAXIMUM,
  scoringContext,
} from './scoring';

const YEAR = 2026;

const place = (overrides: Partial<Place> = {}): Place => ({
  sourceId: 'osm-n1',
  name: 'Bayou Plumbing',
  businessType: 'Construction',
  category: 'plumber',
  lat: 30.45,
  lon: -91.18,
  address: null,
  phone: null,
  website: null,
  email: null,
  isOpen: null,
  socialLinks: [],
  rating: 0,
  reviewCount: 0,
  startDate: null,
  businessStatus: null,
  ...overrides,
});

const goodSite: WebsiteSignals = {
  reachable: true,
  finalUrl: 'https://bayouplumbing.com/',
  status: 200,
  https: true,
  certificateValid: true,
  redirectsToHttps: null,
  responseTimeMs: 300,
  pageBytes: 50_000,
  mobileViewport: true,
  title: 'Bayou Plumbing',
  metaDescription: 'Plumbers',
  technology: 'WordPress',
  copyrightYear: 2026,
  firstYear: 2026,
  socialLinks: [],
  emails: [],
  contactForm: true,
  error: null,
};

const facts = (
  overrides: Partial<LeadFacts> = {},
  placeOverrides: Partial<Place> = {},
): LeadFacts => ({
  source: 'osm',
  place: place(placeOverrides),
  city: 'Baton Rouge',
  distance: 20,
  email: null,
  signals: null,
  checks: null,
  ...overrides,
});

const score = (f: LeadFacts, all: LeadFacts[] = [f]) => buildLead(f, scoringContext(all, YEAR));
const factor = (f: LeadFacts, text: string) =>
  score(f).leadScoring.scoringFactors.find((entry) => entry.factor === text);

describe('lead score', () => {
  it('has six parts whose maxima add up to 100', () => {
    expect(Object.values(PART_MAXIMUM).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is the sum of the factor points per part, capped per part', () => {
    const lead = score(facts({}, { phone: '225-555-0100', address: '1 Main St' }));
    // website 35 (none) + verification 6 + 4 + market 2 (wider area) + industry 9 + opportunity 10
    expect(lead.leadScoring.scoreBreakdown).toEqual({
      website: 35,
      verification: 10,
      growth: 0,
      market: 2,
      industry: 9,
      opportunity: 10,
    });
    expect(lead.leadScore).toBe(66);
    expect(lead.leadScoring.conversionPotential).toBe('high');
  });

  it.each([
    ['No website: needs one built', facts(), 35, 'critical'],
    [
      'Only a social-media page, no website',
      facts({}, { website: 'https://facebook.com/bayou' }),
      32,
      'critical',
    ],
    [
      'Website is down or unreachable',
      facts(
        { signals: { ...goodSite, reachable: false, error: 'refused' } },
        { website: 'https://bayou.com' },
      ),
      30,
      'critical',
    ],
    [
      'Website scores 100/100',
      facts({ signals: goodSite }, { website: 'https://bayou.com' }),
      0,
      undefined,
    ],
    ['Phone number listed', facts({}, { phone: '225-555-0100' }), 6, 'medium'],
    ['E-mail address known', facts({ email: 'a@bayou.com' }), 5, 'medium'],
    ['Street address listed', facts({}, { address: '1 Main St' }), 4, 'medium'],
    ['150 reviews: busy business', facts({}, { reviewCount: 150, rating: 4 }), 10, 'high'],
    ['25 reviews', facts({}, { reviewCount: 25, rating: 4 }), 6, 'medium'],
    ['3 reviews', facts({}, { reviewCount: 3, rating: 4 }), 3, 'medium'],
    ['Established: known since 2004', facts({}, { startDate: '2004' }), 5, 'medium'],
    ['Within 5 miles of the city center', facts({ distance: 2 }), 8, 'high'],
    ['Within 15 miles of the city center', facts({ distance: 12 }), 5, 'medium'],
    ['In the wider area', facts({ distance: 30 }), 2, 'medium'],
    [
      'Active on social media',
      facts({}, { socialLinks: ['https://instagram.com/b'] }),
      4,
      'medium',
    ],
    ['Opening hours published', facts({}, { isOpen: false }), 3, 'medium'],
    ['Construction: fit for a website plan', facts(), INDUSTRY_FIT.Construction, 'high'],
    ['Full website build', facts(), 10, 'high'],
    [
      'Mobile redesign',
      facts({ signals: { ...goodSite, mobileViewport: false } }, { website: 'https://bayou.com' }),
      4,
      'medium',
    ],
    [
      'HTTPS set-up',
      facts({ signals: { ...goodSite, https: false } }, { website: 'http://bayou.com' }),
      3,
      'medium',
    ],
    [
      'Content refresh',
      facts({ signals: { ...goodSite, copyrightYear: 2019 } }, { website: 'https://bayou.com' }),
      3,
      'medium',
    ],
    ['Closed permanently', facts({}, { businessStatus: 'CLOSED_PERMANENTLY' }), -100, 'negative'],
    ['Closed temporarily', facts({}, { businessStatus: 'CLOSED_TEMPORARILY' }), -30, 'negative'],
    ['No way to contact them', facts(), -10, 'negative'],
  ] as const)('pins "%s"', (text, input, points, priority) => {
    const found = factor(input, text);
    if (points === 0) {
      expect(found).toBeUndefined();
      return;
    }
    expect(found).toMatchObject({ points, priority });
  });

  it('scores a closed business 0 whatever else it has', () => {
    expect(score(facts({}, { businessStatus: 'CLOSED_PERMANENTLY', phone: '1' })).leadScore).toBe(
      0,
    );
  });

  it('is the same for the same facts', () => {
    const input = [facts({ distance: 3 }, { phone: '225-555-0100', reviewCount: 40, rating: 4.2 })];
    expect(buildLeads(input, YEAR)).toEqual(buildLeads(structuredClone(input), YEAR));
  });

  it('bands conversion potential at 80, 65 and 45', () => {
    expect([80, 79, 65, 64, 45, 44].map(conversionPotential)).toEqual([
      'very-high',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });
});

describe('verification', () => {
  it('runs only with Enhanced Verification, from the checks that ran', () => {
    expect(score(facts()).businessVerification).toBeUndefined();
    const lead = score(
      facts(
        {
          email: 'info@bayou.com',
          checks: { phoneValid: true, emailHasMx: false },
          signals: goodSite,
        },
        {
          phone: '225-555-0100',
          website: 'https://bayou.com',
          socialLinks: ['https://instagram.com/b'],
        },
      ),
    );
    // phone yes, MX no, e-mail matches site yes, social yes, website answers yes: 4 of 5
    expect(lead.businessVerification).toMatchObject({
      legitimacyScore: 80,
      businessAge: 'under-2-years',
      businessHealth: 'operating',
      googleVerified: false,
    });
    expect(lead.businessVerification!.verificationDetails).toContain(
      'Business registry: not checked (no public API)',
    );
  });

  it('derives age, reputation and position from real signals only', () => {
    expect(businessAge(null, YEAR)).toBe('unknown');
    expect(businessAge(2010, YEAR)).toBe('over-10-years');
    expect(businessAge(2019, YEAR)).toBe('5-to-10-years');
    expect([4.7, 4.2, 3.1, 2, 0].map(onlineReputation)).toEqual([
      'excellent',
      'good',
      'average',
      'poor',
      'unknown',
    ]);
    expect([null, 0.95, 0.6, 0.1].map(competitivePosition)).toEqual([
      'unknown',
      'market-leader',
      'competitive',
      'emerging',
    ]);
    const weak = facts({}, { sourceId: 'a', rating: 3, reviewCount: 2 });
    const strong = facts({}, { sourceId: 'b', rating: 4.8, reviewCount: 900 });
    const context = scoringContext([weak, strong], YEAR);
    expect(context.strengthPercentile(strong)).toBe(1);
    expect(context.strengthPercentile(weak)).toBe(0);
    expect(context.strengthPercentile(facts())).toBeNull();
  });
});

describe('sample source', () => {
  it('is deterministic and fictional', () => {
    const box = { south: 30.4, west: -91.2, north: 30.5, east: -91.1 };
    const first = samplePlaces(box, ['Restaurant'], 'Louisiana', YEAR);
    expect(samplePlaces(box, ['Restaurant'], 'Louisiana', YEAR)).toEqual(first);
    for (const p of first) {
      if (p.phone) expect(p.phone).toMatch(/555-01\d\d$/);
      if (p.website && !p.website.includes('facebook')) expect(p.website).toMatch(/\.example$/);
    }
  });
});

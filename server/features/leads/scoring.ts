import {
  type BusinessType,
  type BusinessVerification,
  type Lead,
  type ScoringFactor,
  type WebsiteQuality,
} from '@shared/schemas/leads';
import type { LeadFacts } from '@shared/lead-facts';
import { emailMatchesWebsite, foundedYear } from './analysis/verification';
import { assessWebsite } from './analysis/website-quality';

/**
 * The lead score: a sum of documented factor points over six parts, each capped at its
 * maximum (the maxima add up to 100). See docs/lead-scoring.md, which explains every rule
 * here; the unit tests pin each factor. Nothing here is random: the same facts always
 * give the same score.
 */
export const PART_MAXIMUM = {
  website: 35,
  verification: 15,
  growth: 15,
  market: 15,
  industry: 10,
  opportunity: 10,
} as const;

/** How much a better website is worth to a business of each type (industry part). */
export const INDUSTRY_FIT: Record<BusinessType, number> = {
  Healthcare: 10,
  'Professional Services': 10,
  'Real Estate': 10,
  Construction: 9,
  Hospitality: 9,
  Restaurant: 8,
  Automotive: 8,
  'Retail Store': 7,
  Manufacturing: 6,
  Technology: 5,
};

export const CONVERSION_BANDS = { veryHigh: 80, high: 65, medium: 45 } as const;

/** What scoring a lead needs to know about the other results of the same search. */
export interface ScoringContext {
  year: number;
  /** Share (0-1) of rated results with a weaker rating x reviews than this one. */
  strengthPercentile: (facts: LeadFacts) => number | null;
  sameTypeCount: (type: string) => number;
}

const strength = (place: LeadFacts['place']) =>
  place.rating > 0 ? place.rating * Math.log10(1 + place.reviewCount) : null;

export function scoringContext(all: readonly LeadFacts[], year: number): ScoringContext {
  const strengths = all
    .map((facts) => strength(facts.place))
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const facts of all) {
    counts.set(facts.place.businessType, (counts.get(facts.place.businessType) ?? 0) + 1);
  }
  return {
    year,
    strengthPercentile(facts) {
      const own = strength(facts.place);
      if (own === null || strengths.length === 0) return null;
      // binary search: how many are strictly weaker
      let low = 0;
      let high = strengths.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (strengths[middle]! < own) low = middle + 1;
        else high = middle;
      }
      return strengths.length === 1 ? 1 : low / (strengths.length - 1);
    },
    sameTypeCount: (type) => counts.get(type) ?? 0,
  };
}

function priorityOf(points: number): ScoringFactor['priority'] {
  if (points < 0) return 'negative';
  if (points >= 15) return 'critical';
  if (points >= 8) return 'high';
  return 'medium';
}

export function competitivePosition(
  percentile: number | null,
): BusinessVerification['competitivePosition'] {
  if (percentile === null) return 'unknown';
  if (percentile >= 0.9) return 'market-leader';
  if (percentile >= 0.5) return 'competitive';
  return 'emerging';
}

export function onlineReputation(rating: number): BusinessVerification['onlineReputation'] {
  if (rating <= 0) return 'unknown';
  if (rating >= 4.5) return 'excellent';
  if (rating >= 4) return 'good';
  if (rating >= 3) return 'average';
  return 'poor';
}

export function businessAge(founded: number | null, year: number): string {
  if (founded === null) return 'unknown';
  const age = year - founded;
  if (age >= 10) return 'over-10-years';
  if (age >= 5) return '5-to-10-years';
  if (age >= 2) return '2-to-5-years';
  return 'under-2-years';
}

export function conversionPotential(score: number): Lead['leadScoring']['conversionPotential'] {
  if (score >= CONVERSION_BANDS.veryHigh) return 'very-high';
  if (score >= CONVERSION_BANDS.high) return 'high';
  if (score >= CONVERSION_BANDS.medium) return 'medium';
  return 'low';
}

function verify(
  facts: LeadFacts,
  context: ScoringContext,
  quality: WebsiteQuality,
): BusinessVerification {
  const { place, checks, signals } = facts;
  const ran: [string, boolean][] = [];
  const details: string[] = [];
  const trustSignals: string[] = [];
  const riskFactors: string[] = [];
  const record = (name: string, outcome: boolean | null, pass: string, fail: string) => {
    if (outcome === null) {
      details.push(`${name}: not checked`);
      return;
    }
    ran.push([name, outcome]);
    details.push(`${name}: ${outcome ? pass : fail}`);
    (outcome ? trustSignals : riskFactors).push(outcome ? pass : fail);
  };
  record('Phone', checks?.phoneValid ?? null, 'Valid US phone number', 'Phone number is not valid');
  record(
    'E-mail domain',
    checks?.emailHasMx ?? null,
    'E-mail domain receives mail (MX)',
    'E-mail domain has no mail server',
  );
  record(
    'E-mail matches website',
    emailMatchesWebsite(facts.email, place.website),
    'E-mail on the business’s own domain',
    'E-mail on a different domain than the website',
  );
  const social = place.socialLinks.length + (signals?.socialLinks.length ?? 0) > 0;
  record('Social media', social, 'Has social-media profiles', 'No social-media profiles found');
  if (place.website && quality.technology !== 'Social media page') {
    record('Website', signals?.reachable ?? null, 'Website answers', 'Website does not answer');
  }
  if (facts.source === 'google') {
    record(
      'Google business status',
      place.businessStatus ? place.businessStatus === 'OPERATIONAL' : null,
      'Operational on Google',
      `Google lists it as ${place.businessStatus?.toLowerCase().replace(/_/g, ' ')}`,
    );
  }
  details.push('Business registry: not checked (no public API)');

  const passed = ran.filter(([, ok]) => ok).length;
  const founded = foundedYear(place, signals);
  if (founded !== null) trustSignals.push(`Known since ${founded}`);
  return {
    legitimacyScore: ran.length === 0 ? 0 : Math.round((100 * passed) / ran.length),
    businessAge: businessAge(founded, context.year),
    businessHealth:
      place.businessStatus && place.businessStatus !== 'OPERATIONAL'
        ? place.businessStatus.toLowerCase().replace(/_/g, '-')
        : signals?.reachable || place.businessStatus === 'OPERATIONAL'
          ? 'operating'
          : 'unknown',
    competitivePosition: competitivePosition(context.strengthPercentile(facts)),
    onlineReputation: onlineReputation(place.rating),
    googleVerified: facts.source === 'google' && place.businessStatus === 'OPERATIONAL',
    trustSignals,
    riskFactors,
    verificationDetails: details,
  };
}

/** Builds the full lead: website quality, verification (when it ran), score and factors. */
export function buildLead(facts: LeadFacts, context: ScoringContext): Lead {
  const { place, signals } = facts;
  const quality = assessWebsite(place.website ?? '', signals, context.year);
  const factors: ScoringFactor[] = [];
  const add = (part: ScoringFactor['part'], points: number, factor: string) => {
    if (points !== 0) factors.push({ part, points, factor, priority: priorityOf(points) });
  };

  // website: the worse the site, the more the agency can do for the business
  if (!place.website) add('website', 35, 'No website: needs one built');
  else if (quality.technology === 'Social media page')
    add('website', 32, 'Only a social-media page, no website');
  else if (!signals?.reachable) add('website', 30, 'Website is down or unreachable');
  else
    add(
      'website',
      Math.round((35 * (100 - quality.score)) / 100),
      `Website scores ${quality.score}/100`,
    );

  // verification: can the owner reach them?
  if (place.phone) add('verification', 6, 'Phone number listed');
  if (facts.email) add('verification', 5, 'E-mail address known');
  if (place.address) add('verification', 4, 'Street address listed');

  // growth: an established, busy business can afford a monthly plan
  if (place.reviewCount >= 100) add('growth', 10, `${place.reviewCount} reviews: busy business`);
  else if (place.reviewCount >= 20) add('growth', 6, `${place.reviewCount} reviews`);
  else if (place.reviewCount > 0) add('growth', 3, `${place.reviewCount} reviews`);
  const founded = foundedYear(place, signals);
  if (founded !== null && context.year - founded >= 5) {
    add('growth', 5, `Established: known since ${founded}`);
  }

  // market: close to the city centre and visible locally
  if (facts.distance <= 5) add('market', 8, 'Within 5 miles of the city center');
  else if (facts.distance <= 15) add('market', 5, 'Within 15 miles of the city center');
  else add('market', 2, 'In the wider area');
  if (place.socialLinks.length + (signals?.socialLinks.length ?? 0) > 0) {
    add('market', 4, 'Active on social media');
  }
  if (place.isOpen !== null) add('market', 3, 'Opening hours published');

  add(
    'industry',
    INDUSTRY_FIT[place.businessType],
    `${place.businessType}: fit for a website plan`,
  );

  // opportunity: concrete things to sell
  if (quality.needsWebsite) add('opportunity', 10, 'Full website build');
  else if (signals) {
    if (!signals.mobileViewport) add('opportunity', 4, 'Mobile redesign');
    if (!quality.hasSSL) add('opportunity', 3, 'HTTPS set-up');
    if (signals.copyrightYear !== null && context.year - signals.copyrightYear >= 3) {
      add('opportunity', 3, 'Content refresh');
    }
  }

  if (place.businessStatus === 'CLOSED_PERMANENTLY') add('opportunity', -100, 'Closed permanently');
  else if (place.businessStatus === 'CLOSED_TEMPORARILY')
    add('opportunity', -30, 'Closed temporarily');
  if (!place.phone && !facts.email && !place.address)
    add('verification', -10, 'No way to contact them');

  const scoreBreakdown = Object.fromEntries(
    (Object.keys(PART_MAXIMUM) as (keyof typeof PART_MAXIMUM)[]).map((part) => {
      const sum = factors.filter((f) => f.part === part).reduce((total, f) => total + f.points, 0);
      return [part, Math.min(PART_MAXIMUM[part], sum)];
    }),
  ) as Lead['leadScoring']['scoreBreakdown'];
  const leadScore = Math.max(
    0,
    Math.min(
      100,
      Object.values(scoreBreakdown).reduce((total, points) => total + points, 0),
    ),
  );
  factors.sort(
    (a, b) => b.points - a.points || (a.factor < b.factor ? -1 : a.factor > b.factor ? 1 : 0),
  );

  const sameType = context.sameTypeCount(place.businessType);
  const presence =
    (place.website && !quality.needsWebsite ? 1 : 0) +
    (place.socialLinks.length + (signals?.socialLinks.length ?? 0) > 0 ? 1 : 0);
  return {
    id: place.sourceId,
    source: facts.source,
    name: place.name,
    address: place.address ?? 'N/A',
    phone: place.phone ?? 'N/A',
    website: place.website ?? 'N/A',
    email: facts.email,
    businessType: place.businessType,
    category: place.category,
    city: facts.city,
    distance: Math.round(facts.distance * 10) / 10,
    rating: place.rating,
    reviewCount: place.reviewCount,
    isOpen: place.isOpen,
    socialLinks: [...new Set([...place.socialLinks, ...(signals?.socialLinks ?? [])])],
    leadScore,
    leadScoring: {
      conversionPotential: conversionPotential(leadScore),
      scoreBreakdown,
      scoringFactors: factors,
    },
    websiteQuality: quality,
    businessVerification: facts.checks ? verify(facts, context, quality) : undefined,
    industryInsights: {
      marketPresence: presence === 2 ? 'strong' : presence === 1 ? 'moderate' : 'minimal',
      competitionLevel: sameType > 50 ? 'high' : sameType > 15 ? 'medium' : 'low',
    },
  };
}

export function buildLeads(all: readonly LeadFacts[], year: number): Lead[] {
  const context = scoringContext(all, year);
  return all.map((facts) => buildLead(facts, context));
}

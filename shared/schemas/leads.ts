import { z } from '../zod';
import { findCity, US_STATES } from '../places';
import { ListQuerySchema, pageSchema } from './common';

export const BUSINESS_TYPES = [
  'Restaurant',
  'Retail Store',
  'Healthcare',
  'Professional Services',
  'Construction',
  'Real Estate',
  'Automotive',
  'Hospitality',
  'Technology',
  'Manufacturing',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const MIN_RATING_OPTIONS = [3, 3.5, 4, 4.5] as const;
export const DEFAULT_MAX_RESULTS = 100;
export const BULK_MAX_RESULTS = 10_000;
export const MAX_RESULTS_MIN = 100;
export const MAX_RESULTS_MAX = 50_000;
export const MAX_RESULTS_STEP = 100;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const HIGH_PRIORITY_SCORE = 70;
export const POOR_WEBSITE_SCORE = 40;
export const TOP_FACTORS_SHOWN = 5;
/** The bulk search divides the square around the search circle into GRID_SIZE x GRID_SIZE cells. */
export const GRID_SIZE = 9;
export const DEFAULT_RADIUS_MILES = 10;

const required = 'Please fill in city and business type';

/**
 * POST /api/admin/marketing-tool/search. With a state (any of the 50 and DC, by full name),
 * the server checks the city against its gazetteer; without one, the city must be one of the
 * spec's Louisiana and Mississippi list, as before.
 */
export const MarketingSearchSchema = z
  .object({
    state: z
      .enum(US_STATES, { error: 'State must be a US state by its full name, e.g. Alabama' })
      .optional(),
    city: z.string({ error: required }).trim().min(1, required).max(100, 'City is too long'),
    businessType: z.enum(BUSINESS_TYPES, { error: required }),
    radius: z
      .number({ error: 'Radius must be a number of miles' })
      .min(1, 'Radius must be 1 to 50 miles')
      .max(50, 'Radius must be 1 to 50 miles')
      .nullish(),
    minRating: z
      .number({ error: 'Minimum rating must be 3, 3.5, 4 or 4.5' })
      .refine(
        (rating) => (MIN_RATING_OPTIONS as readonly number[]).includes(rating),
        'Minimum rating must be 3, 3.5, 4 or 4.5',
      )
      .nullish(),
    openNow: z.boolean().default(false),
    priceLevel: z.number().int().min(0).max(4).nullish(),
    bulkMode: z.boolean().default(false),
    maxResults: z
      .number({ error: 'Max results must be a number' })
      .int('Max results must be a whole number')
      .min(MAX_RESULTS_MIN, `Max results must be ${MAX_RESULTS_MIN} to ${MAX_RESULTS_MAX}`)
      .max(MAX_RESULTS_MAX, `Max results must be ${MAX_RESULTS_MIN} to ${MAX_RESULTS_MAX}`)
      .default(DEFAULT_MAX_RESULTS),
    enhancedVerification: z.boolean().optional(),
  })
  .strict()
  .refine((search) => search.state !== undefined || findCity(search.city), {
    message: 'Choose a city from the list',
    path: ['city'],
  });
export type MarketingSearch = z.infer<typeof MarketingSearchSchema>;
export type MarketingSearchInput = z.input<typeof MarketingSearchSchema>;

/** GET /api/admin/marketing-tool/cities?state=&q=: without a state, the agency's own. */
export const CitySuggestionsQuerySchema = z.object({
  state: z
    .enum(US_STATES, { error: 'State must be a US state by its full name, e.g. Alabama' })
    .optional(),
  q: z.string().trim().max(100, 'City is too long').default(''),
});
export type CitySuggestionsQuery = z.infer<typeof CitySuggestionsQuerySchema>;

/** The cities suggested for what was typed, best first (prefix matches, then the largest). */
export const CitySuggestionsSchema = z.object({
  state: z.enum(US_STATES),
  cities: z.array(z.object({ name: z.string() })),
});
export type CitySuggestions = z.infer<typeof CitySuggestionsSchema>;

export const LEAD_SOURCES = ['osm', 'google', 'sample'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const CONVERSION_POTENTIALS = ['very-high', 'high', 'medium', 'low'] as const;
export const FACTOR_PRIORITIES = ['critical', 'high', 'medium', 'negative'] as const;
export const COMPETITIVE_POSITIONS = [
  'market-leader',
  'competitive',
  'emerging',
  'unknown',
] as const;
export const REPUTATIONS = ['excellent', 'good', 'average', 'poor', 'unknown'] as const;
export const SCORE_PARTS = [
  'website',
  'verification',
  'growth',
  'market',
  'industry',
  'opportunity',
] as const;

export const ScoringFactorSchema = z.object({
  factor: z.string(),
  points: z.number(),
  priority: z.enum(FACTOR_PRIORITIES),
  part: z.enum(SCORE_PARTS),
});
export type ScoringFactor = z.infer<typeof ScoringFactorSchema>;

/** What one GET of the home page showed (server/features/leads/analysis). */
export const WebsiteSignalsSchema = z.object({
  reachable: z.boolean(),
  finalUrl: z.string().nullable(),
  status: z.number().int().nullable(),
  https: z.boolean(),
  certificateValid: z.boolean().nullable(),
  /** null when the site was reached over HTTPS directly, so the http address was never asked. */
  redirectsToHttps: z.boolean().nullable(),
  responseTimeMs: z.number().int().nullable(),
  pageBytes: z.number().int().nullable(),
  mobileViewport: z.boolean(),
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  technology: z.string(),
  copyrightYear: z.number().int().nullable(),
  /** The earliest year in the copyright line ("© 2004-2025"): a sign of the business's age. */
  firstYear: z.number().int().nullable(),
  socialLinks: z.array(z.string()),
  emails: z.array(z.string()),
  contactForm: z.boolean(),
  error: z.string().nullable(),
});
export type WebsiteSignals = z.infer<typeof WebsiteSignalsSchema>;

export const WebsiteQualitySchema = z.object({
  score: z.number().int().min(0).max(100),
  needsWebsite: z.boolean(),
  recommendation: z.string(),
  technology: z.string(),
  hasSSL: z.boolean(),
  professionalDomain: z.boolean(),
  opportunities: z.array(z.string()),
  issues: z.array(z.string()),
  signals: WebsiteSignalsSchema.nullable(),
});
export type WebsiteQuality = z.infer<typeof WebsiteQualitySchema>;

export const BusinessVerificationSchema = z.object({
  legitimacyScore: z.number().int().min(0).max(100),
  businessAge: z.string(),
  businessHealth: z.string(),
  competitivePosition: z.enum(COMPETITIVE_POSITIONS),
  onlineReputation: z.enum(REPUTATIONS),
  googleVerified: z.boolean(),
  trustSignals: z.array(z.string()),
  riskFactors: z.array(z.string()),
  verificationDetails: z.array(z.string()),
});
export type BusinessVerification = z.infer<typeof BusinessVerificationSchema>;

/** One business of a search, with everything known about it. */
export const LeadSchema = z.object({
  id: z.string(),
  source: z.enum(LEAD_SOURCES),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  website: z.string(),
  email: z.string().nullable(),
  businessType: z.string(),
  category: z.string(),
  city: z.string(),
  distance: z.number().optional(),
  rating: z.number(),
  reviewCount: z.number().int(),
  isOpen: z.boolean().nullable(),
  socialLinks: z.array(z.string()),
  leadScore: z.number().int().min(0).max(100),
  leadScoring: z.object({
    conversionPotential: z.enum(CONVERSION_POTENTIALS),
    scoreBreakdown: z.record(z.enum(SCORE_PARTS), z.number()),
    scoringFactors: z.array(ScoringFactorSchema),
  }),
  websiteQuality: WebsiteQualitySchema,
  businessVerification: BusinessVerificationSchema.optional(),
  industryInsights: z.object({ marketPresence: z.string(), competitionLevel: z.string() }),
});
export type Lead = z.infer<typeof LeadSchema>;

/** A row of the results table and the CSV: what they show, no more (50,000 of them travel). */
export const LeadSummarySchema = LeadSchema.pick({
  id: true,
  source: true,
  name: true,
  address: true,
  phone: true,
  website: true,
  email: true,
  businessType: true,
  city: true,
  distance: true,
  rating: true,
  reviewCount: true,
  isOpen: true,
  leadScore: true,
}).extend({
  websiteScore: z.number().int(),
  needsWebsite: z.boolean(),
  recommendation: z.string(),
  technology: z.string(),
  legitimacyScore: z.number().int().nullable(),
  competitivePosition: z.enum(COMPETITIVE_POSITIONS),
  marketPresence: z.string(),
});
export type LeadSummary = z.infer<typeof LeadSummarySchema>;

export function summarizeLead(lead: Lead): LeadSummary {
  return {
    id: lead.id,
    source: lead.source,
    name: lead.name,
    address: lead.address,
    phone: lead.phone,
    website: lead.website,
    email: lead.email,
    businessType: lead.businessType,
    city: lead.city,
    distance: lead.distance,
    rating: lead.rating,
    reviewCount: lead.reviewCount,
    isOpen: lead.isOpen,
    leadScore: lead.leadScore,
    websiteScore: lead.websiteQuality.score,
    needsWebsite: lead.websiteQuality.needsWebsite,
    recommendation: lead.websiteQuality.recommendation,
    technology: lead.websiteQuality.technology,
    legitimacyScore: lead.businessVerification?.legitimacyScore ?? null,
    competitivePosition: lead.businessVerification?.competitivePosition ?? 'unknown',
    marketPresence: lead.industryInsights.marketPresence,
  };
}

/** The spec's high-priority rule: a strong score, or a website that needs the agency. */
export function isHighPriority(
  lead: Pick<LeadSummary, 'leadScore' | 'websiteScore' | 'needsWebsite'>,
) {
  return (
    lead.leadScore >= HIGH_PRIORITY_SCORE ||
    lead.needsWebsite ||
    lead.websiteScore < POOR_WEBSITE_SCORE
  );
}

/** POST /api/admin/marketing-tool/search (not bulk): the spec's response, full leads. */
export const SearchResponseSchema = z.object({
  searchId: z.string(),
  source: z.enum(LEAD_SOURCES),
  leads: z.array(LeadSchema),
  total: z.number().int(),
  totalUnfiltered: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** The answer of POST /api/admin/marketing-tool/search in bulk mode (202): the job to poll. */
export const BulkSearchStartedSchema = z.object({ jobId: z.string() });
export type BulkSearchStarted = z.infer<typeof BulkSearchStartedSchema>;

export const SEARCH_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

export const SearchProgressSchema = z.object({
  cellsDone: z.number().int(),
  cellsTotal: z.number().int(),
  leadsFound: z.number().int(),
  websitesAnalysed: z.number().int(),
  websitesTotal: z.number().int(),
});
export type SearchProgress = z.infer<typeof SearchProgressSchema>;

/** A kept search (instant or bulk) with its criteria and counts. */
export const SearchRecordSchema = z.object({
  id: z.string(),
  criteria: z.custom<MarketingSearch>(),
  bulk: z.boolean(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(SEARCH_STATUSES),
  progress: SearchProgressSchema,
  total: z.number().int(),
  totalUnfiltered: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type SearchRecord = z.infer<typeof SearchRecordSchema>;

/**
 * GET /api/admin/marketing-tool/searches?q=&page=&pageSize=: the kept searches, newest first;
 * q looks in the criteria's city, state and business type.
 */
export const SearchListQuerySchema = ListQuerySchema;
export type SearchListQuery = z.infer<typeof SearchListQuerySchema>;
export const SEARCH_LIST_PARAMS = ['q', 'page', 'pageSize'] as const;
export const SearchRecordPageSchema = pageSchema(SearchRecordSchema);
export type SearchRecordPage = z.infer<typeof SearchRecordPageSchema>;

/** GET .../searches/{id}/leads: the table's rows. */
export const SearchLeadsSchema = z.object({
  source: z.enum(LEAD_SOURCES),
  leads: z.array(LeadSummarySchema),
  total: z.number().int(),
  totalUnfiltered: z.number().int(),
});
export type SearchLeads = z.infer<typeof SearchLeadsSchema>;

/** GET .../jobs/{id}: the job, and its result once done. */
export const SearchJobSchema = SearchRecordSchema.extend({ result: SearchLeadsSchema.optional() });
export type SearchJob = z.infer<typeof SearchJobSchema>;

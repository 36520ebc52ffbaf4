import type { BusinessType, LeadSource, WebsiteSignals } from './schemas/leads';

/**
 * What the marketing tool gathers about one business and keeps (search_leads.facts); every
 * lead is computed from these alone. Plain types, written here because both the database
 * schema and the leads feature name them, and the schema never imports a feature.
 */

/** One business as a source lists it, before analysis and scoring. */
export interface Place {
  /** Unique within the source, URL-safe: 'osm-n123', 'google-ChIJ...', 'sample-...'. */
  sourceId: string;
  name: string;
  businessType: BusinessType;
  /** The source's own category (an OSM tag value, a Places type). */
  category: string;
  lat: number;
  lon: number;
  address: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  isOpen: boolean | null;
  socialLinks: string[];
  rating: number;
  reviewCount: number;
  /** OSM start_date, when mapped. */
  startDate: string | null;
  /** Google businessStatus (OPERATIONAL, CLOSED_TEMPORARILY...), when the source is google. */
  businessStatus: string | null;
  /** Bundled demo signals of the sample source, which must not touch the network. */
  sampleWebsite?: WebsiteSignals;
}

/** Checks that need the network or a library, run once per lead when Enhanced Verification is on. */
export interface VerificationChecks {
  phoneValid: boolean | null;
  /** null: no e-mail to check, or DNS did not answer in time. */
  emailHasMx: boolean | null;
}

/** Everything gathered about one business; the lead is computed from these alone. */
export interface LeadFacts {
  source: LeadSource;
  place: Place;
  city: string;
  distance: number;
  /** The listed e-mail, or the first one found on the website. */
  email: string | null;
  signals: WebsiteSignals | null;
  /** null when Enhanced Verification was off. */
  checks: VerificationChecks | null;
}

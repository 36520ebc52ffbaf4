import type { BusinessVerification, Lead, ScoringFactor, SCORE_PARTS } from '@shared/schemas/leads';

/**
 * How the marketing tool shows the values the lead API sends as codes ('very-high',
 * 'market-leader'): one label each, so the dialog, the copied text and the table agree.
 */
export const CONVERSION_POTENTIAL_LABEL: Record<
  Lead['leadScoring']['conversionPotential'],
  string
> = {
  'very-high': 'Very high',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const FACTOR_PRIORITY_LABEL: Record<ScoringFactor['priority'], string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  negative: 'Negative',
};

export const SCORE_PART_LABEL: Record<(typeof SCORE_PARTS)[number], string> = {
  website: 'Website',
  verification: 'Verification',
  growth: 'Growth',
  market: 'Market',
  industry: 'Industry',
  opportunity: 'Opportunity',
};

export const COMPETITIVE_POSITION_LABEL: Record<
  BusinessVerification['competitivePosition'],
  string
> = {
  'market-leader': 'Market leader',
  competitive: 'Competitive',
  emerging: 'Emerging',
  unknown: 'Unknown',
};

export const REPUTATION_LABEL: Record<BusinessVerification['onlineReputation'], string> = {
  excellent: 'Excellent',
  good: 'Good',
  average: 'Average',
  poor: 'Poor',
  unknown: 'Unknown',
};

/**
 * A code the server writes as free text ('over-10-years', 'closed-temporarily', 'dental_clinic')
 * as words: 'Over 10 years'. Only the first letter changes case, so names stay as written.
 */
export function readableCode(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

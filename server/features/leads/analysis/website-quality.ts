import type { WebsiteQuality, WebsiteSignals } from '@shared/schemas/leads';
import { BUILDER_HOSTS, SOCIAL_HOSTS, hostMatches } from './technology';
import { websiteUrl } from './website-analyzer';

/**
 * The website score (0-100) and what to tell the owner, from a listing's website and the
 * signals of its home page. Documented in docs/lead-scoring.md ("Website quality").
 */
export const WEBSITE_DEDUCTIONS = {
  noHttps: 20,
  invalidCertificate: 10,
  noViewport: 20,
  noTitle: 5,
  noDescription: 10,
  slow: 10,
  sluggish: 5,
  staleCopyright: 15,
  oldCopyright: 5,
  builderAddress: 10,
  noContact: 5,
  truncatedOrHeavy: 5,
} as const;

const SLOW_MS = 3000;
const SLUGGISH_MS = 1500;
const HEAVY_BYTES = 900_000;

function recommendationFor(score: number): string {
  if (score < 40) return 'Complete redesign recommended';
  if (score < 70) return 'Modernization recommended';
  return 'Minor improvements only';
}

export function assessWebsite(
  website: string,
  signals: WebsiteSignals | null,
  year: number,
): WebsiteQuality {
  const url = websiteUrl(website);
  if (!url) {
    return {
      score: 0,
      needsWebsite: true,
      recommendation: 'Needs a website',
      technology: 'None',
      hasSSL: false,
      professionalDomain: false,
      opportunities: ['Build a first website: the business has none listed'],
      issues: ['No website listed'],
      signals: null,
    };
  }
  if (hostMatches(url.hostname, SOCIAL_HOSTS)) {
    return {
      score: 10,
      needsWebsite: true,
      recommendation: 'Needs a website (social page only)',
      technology: 'Social media page',
      hasSSL: url.protocol === 'https:',
      professionalDomain: false,
      opportunities: ['Replace the social-media page with a website on its own domain'],
      issues: ['The listed website is only a social-media page'],
      signals,
    };
  }
  const builderAddress = hostMatches(url.hostname, BUILDER_HOSTS);
  if (!signals || !signals.reachable) {
    return {
      score: 0,
      needsWebsite: true,
      recommendation: 'Website is down: rebuild needed',
      technology: signals?.technology ?? 'Unknown',
      hasSSL: false,
      professionalDomain: !builderAddress,
      opportunities: ['Rebuild the website: visitors currently reach nothing'],
      issues: [`Website unreachable${signals?.error ? `: ${signals.error}` : ''}`],
      signals,
    };
  }

  let score = 100;
  const issues: string[] = [];
  const opportunities: string[] = [];
  const deduct = (points: number, issue: string, opportunity: string) => {
    score -= points;
    issues.push(issue);
    opportunities.push(opportunity);
  };
  if (!signals.https) {
    deduct(
      WEBSITE_DEDUCTIONS.noHttps,
      'No HTTPS: browsers mark the site "Not secure"',
      'Move the site to HTTPS',
    );
  }
  if (signals.certificateValid === false) {
    deduct(
      WEBSITE_DEDUCTIONS.invalidCertificate,
      'The HTTPS certificate is not valid',
      'Install a valid certificate',
    );
  }
  if (!signals.mobileViewport) {
    deduct(
      WEBSITE_DEDUCTIONS.noViewport,
      'Not mobile-friendly (no responsive viewport)',
      'Make the site responsive for phones',
    );
  }
  if (!signals.title)
    deduct(WEBSITE_DEDUCTIONS.noTitle, 'The page has no title', 'Give the home page a title');
  if (!signals.metaDescription) {
    deduct(
      WEBSITE_DEDUCTIONS.noDescription,
      'No meta description for search results',
      'Write a meta description (basic SEO)',
    );
  }
  if ((signals.responseTimeMs ?? 0) > SLOW_MS) {
    deduct(
      WEBSITE_DEDUCTIONS.slow,
      `Slow: the page took ${signals.responseTimeMs} ms`,
      'Speed up the site',
    );
  } else if ((signals.responseTimeMs ?? 0) > SLUGGISH_MS) {
    deduct(
      WEBSITE_DEDUCTIONS.sluggish,
      `Sluggish: the page took ${signals.responseTimeMs} ms`,
      'Speed up the site',
    );
  }
  if ((signals.pageBytes ?? 0) > HEAVY_BYTES) {
    deduct(
      WEBSITE_DEDUCTIONS.truncatedOrHeavy,
      'The home page HTML is over 900 KB',
      'Slim down the home page',
    );
  }
  if (signals.copyrightYear !== null && year - signals.copyrightYear >= 3) {
    deduct(
      WEBSITE_DEDUCTIONS.staleCopyright,
      `Copyright last updated ${signals.copyrightYear}`,
      'Refresh outdated content',
    );
  } else if (signals.copyrightYear !== null && year - signals.copyrightYear >= 1) {
    deduct(
      WEBSITE_DEDUCTIONS.oldCopyright,
      `Copyright year ${signals.copyrightYear} is not current`,
      'Keep the content current',
    );
  }
  if (builderAddress) {
    deduct(
      WEBSITE_DEDUCTIONS.builderAddress,
      "Runs on a site builder's free address",
      'Move to a professional domain',
    );
  }
  if (!signals.contactForm && signals.emails.length === 0) {
    deduct(
      WEBSITE_DEDUCTIONS.noContact,
      'No contact form or e-mail on the home page',
      'Add a contact form',
    );
  }
  score = Math.max(0, score);
  return {
    score,
    needsWebsite: false,
    recommendation: recommendationFor(score),
    technology: signals.technology,
    hasSSL: signals.https && signals.certificateValid !== false,
    professionalDomain: !builderAddress,
    opportunities,
    issues,
    signals,
  };
}

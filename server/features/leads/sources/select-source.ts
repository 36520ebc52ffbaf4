import type { Logger } from 'pino';
import type { Config } from '../../../config';
import { createGooglePlacesSource } from './google';
import { createOverpassSource } from './osm';
import { createSampleSource } from './sample';
import type { LeadSourceAdapter } from './types';

export const SOURCE_USER_AGENT =
  'CoastAndCodeLeadFinder/1.0 (web-design agency lead research; contact via the agency website)';

/** The lead source LEAD_SOURCE names. */
export function selectLeadSource(
  config: Config['leads'],
  now: () => Date,
  logger?: Pick<Logger, 'warn'>,
): LeadSourceAdapter {
  switch (config.source) {
    case 'google':
      return createGooglePlacesSource({
        apiKey: config.google!.apiKey,
        url: config.google!.url,
        logger,
      });
    case 'sample':
      return createSampleSource({ now });
    default:
      return createOverpassSource({
        url: config.overpassUrl,
        userAgent: SOURCE_USER_AGENT,
        timeoutMs: config.overpassTimeoutMs,
        now,
        logger,
      });
  }
}

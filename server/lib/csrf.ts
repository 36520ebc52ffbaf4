import type { RequestHandler } from 'express';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says come from another site. Cookies are
 * SameSite=Lax already; this closes the rest (same-site subdomains, old browsers). Calls
 * without these headers (server to server, e.g. the token endpoint) are not from a browser
 * and carry no cookie session to abuse.
 */
export function rejectCrossSiteRequests(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Browsers that send Sec-Fetch-Site say exactly where a request comes from; trust it
    // over Origin, which some send as "null" for same-origin form posts.
    const site = req.get('sec-fetch-site');
    if (site) {
      return site === 'same-origin' || site === 'none'
        ? next()
        : next(new AppError(403, 'Cross-site request refused'));
    }
    const origin = req.get('origin');
    if (origin) {
      const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== appOrigin && origin !== ownOrigin) {
        return next(new AppError(403, 'Cross-site request refused'));
      }
    }
    next();
  };
}

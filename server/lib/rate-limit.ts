import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from './errors';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS = 10;

function limitReached(resetTime: Date | undefined): AppError {
  const minutes = Math.max(
    1,
    Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 60_000),
  );
  return new AppError(
    429,
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Failed sign-ins limited to 10 per 15 minutes, per IP address and per e-mail address.
 * Successful sign-ins do not count. Needs the body parsed first.
 */
export function loginRateLimit(): RequestHandler[] {
  const common = {
    windowMs: WINDOW_MS,
    limit: MAX_ATTEMPTS,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: ((req, _res, next) => {
      next(limitReached((req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime));
    }) as RequestHandler,
  };
  const perIp = rateLimit(common);
  const perEmail = rateLimit({
    ...common,
    keyGenerator: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });
  return [perIp, perEmail];
}

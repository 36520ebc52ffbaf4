import type { Request, RequestHandler } from 'express';
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

/**
 * Every request of one kind (successful or not) limited per IP address and per e-mail
 * address: `limit.ip` and `limit.email` in `windowMs`. `email` names the address a request is about (from
 * the body, or from state the request points to); none: only the IP limit applies.
 */
export function perIpAndEmailRateLimit(options: {
  windowMs: number;
  limit: { ip: number; email: number };
  /** What is limited, in the message: "Too many {what}. Please try again in N minutes." */
  what: string;
  email: (req: Request) => Promise<string | undefined> | string | undefined;
}): RequestHandler[] {
  const common = {
    windowMs: options.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: ((req, _res, next) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const minutes = Math.max(
        1,
        Math.ceil(((reset?.getTime() ?? Date.now() + options.windowMs) - Date.now()) / 60_000),
      );
      next(
        new AppError(
          429,
          `Too many ${options.what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        ),
      );
    }) as RequestHandler,
  };
  const perIp = rateLimit({ ...common, limit: options.limit.ip });
  const perEmail = rateLimit({
    ...common,
    limit: options.limit.email,
    skip: async (req) => !(await options.email(req)),
    keyGenerator: async (req) => `email:${(await options.email(req))?.trim().toLowerCase()}`,
  });
  return [perIp, perEmail];
}

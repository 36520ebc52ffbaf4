import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from './errors';
import type { RateLimitCounters } from './rate-limit-store';

const MINUTE_MS = 60_000;

/** Whom a request counts against, or undefined when this limiter does not count it. */
export type RateLimitKey = (req: Request, res: Response) => string | undefined;

export interface RateLimiterOptions {
  /** Names the counters: limiters of the same name count together, on every instance. */
  name: string;
  windowMs: number;
  /** Requests allowed per key and window; the next one is answered 429. */
  limit: number;
  key: RateLimitKey;
  /** The 429's message, given the whole minutes until the window ends (at least 1). */
  message: string | ((minutesLeft: number) => string);
  /** Only requests answered with a status of 400 or more count. */
  skipSuccessfulRequests?: boolean;
  /** Only requests answered with a status below 400 count (a 429 is taken back too). */
  skipFailedRequests?: boolean;
}

/** The client's address (IPv6 by its /56, as one subscriber holds it), behind TRUST_PROXY's one hop. */
export const clientIp: RateLimitKey = (req) => ipKeyGenerator(req.ip ?? 'unknown');

/** The `email` field of the parsed body (JSON or form), trimmed and lower-cased. */
export const bodyEmail: RateLimitKey = (req) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
};

/** The signed-in client's id (after passport has read the session). */
export const signedInUser: RateLimitKey = (req) => req.user?.id;

/**
 * The one way to build a rate limiter: counts in the shared counters, answers 429 through the
 * error middleware (AppError) with `message`, and sets the draft-8 RateLimit headers.
 */
export function createRateLimiter(
  counters: RateLimitCounters,
  {
    name,
    windowMs,
    limit,
    key,
    message,
    skipSuccessfulRequests = false,
    skipFailedRequests = false,
  }: RateLimiterOptions,
): RequestHandler {
  return rateLimit({
    store: counters.store(name),
    logger: counters.logger,
    windowMs,
    limit,
    skipSuccessfulRequests,
    skipFailedRequests,
    skip: (req, res) => key(req, res) === undefined,
    keyGenerator: (req, res) => key(req, res)!,
    standardHeaders: 'draft-8',
    identifier: name,
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const minutes = Math.max(
        1,
        Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / MINUTE_MS),
      );
      next(new AppError(429, typeof message === 'string' ? message : message(minutes)));
    },
  });
}

/**
 * Two limiters of the same rule: per client address (`name:ip`) and per e-mail address
 * (`name:email`, from `email`, by default the body's `email` field). `limit` may differ
 * between the two: many people can share one address (an office, a mobile carrier).
 */
export function limitPerIpAndEmail(
  counters: RateLimitCounters,
  {
    email = bodyEmail,
    limit,
    ...rule
  }: Omit<RateLimiterOptions, 'key' | 'limit'> & {
    limit: number | { ip: number; email: number };
    email?: RateLimitKey;
  },
): RequestHandler[] {
  const limits = typeof limit === 'number' ? { ip: limit, email: limit } : limit;
  return [
    createRateLimiter(counters, {
      ...rule,
      name: `${rule.name}:ip`,
      limit: limits.ip,
      key: clientIp,
    }),
    createRateLimiter(counters, {
      ...rule,
      name: `${rule.name}:email`,
      limit: limits.email,
      key: email,
    }),
  ];
}

export const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** Failed sign-ins: 10 per 15 minutes; successful ones do not count. */
export const SIGN_IN_RULE = {
  windowMs: 15 * MINUTE_MS,
  limit: 10,
  skipSuccessfulRequests: true,
  message: (minutes: number) =>
    `Too many sign-in attempts. Please try again in ${minutesText(minutes)}.`,
} as const;

/**
 * Failed sign-ins limited to 10 per 15 minutes, per IP address and per e-mail address, in the
 * counters named `name` (`admin-sign-in`, `client-sign-in`). `email` says whose e-mail an
 * attempt is about (default: the body's `email`); null counts per address only. Needs the body
 * parsed first.
 */
export function loginRateLimit(
  counters: RateLimitCounters,
  name: string,
  { email = bodyEmail }: { email?: RateLimitKey | null } = {},
): RequestHandler[] {
  if (email === null) {
    return [createRateLimiter(counters, { ...SIGN_IN_RULE, name: `${name}:ip`, key: clientIp })];
  }
  return limitPerIpAndEmail(counters, { ...SIGN_IN_RULE, name, email });
}

/**
 * Client actions that e-mail the agency (plan request or signup-link redemption, withdrawal,
 * cancellation, new ticket): 20 per hour per signed-in account, all such actions together.
 * Only actions that went through count: a refused one sent nothing. Goes after requireUser.
 */
export function notifyingActionLimit(counters: RateLimitCounters): RequestHandler {
  return createRateLimiter(counters, {
    name: 'notifying-action',
    windowMs: 60 * MINUTE_MS,
    limit: 20,
    key: signedInUser,
    skipFailedRequests: true,
    message: (minutes) =>
      `You have sent us many requests in a short time. Please try again in ${minutesText(minutes)}.`,
  });
}

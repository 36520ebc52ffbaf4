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

/**
 * The limits of a secret link opened without signing in (an invoice's pay link, a proposal's
 * link): `wrongLinks` counts links that answer no record, 20 in 15 minutes per address (a
 * guesser stops there; a right link costs nothing); `actions(name)` limits one action the
 * link allows (opening a payment page, signing) to 10 an hour per link and 30 per address.
 * The link is counted by `tokenHash(token)`, so the counters never hold the link itself.
 */
export function secretLinkLimits(
  counters: RateLimitCounters,
  {
    name,
    tokenHash,
    message,
  }: { name: string; tokenHash: (token: string) => string; message: RateLimiterOptions['message'] },
) {
  const link: RateLimitKey = (req) => {
    const token = req.params.token;
    return typeof token === 'string' ? tokenHash(token) : undefined;
  };
  return {
    wrongLinks: createRateLimiter(counters, {
      name: `${name}-wrong:ip`,
      windowMs: 15 * MINUTE_MS,
      limit: 20,
      key: clientIp,
      skipSuccessfulRequests: true,
      message,
    }),
    actions: (action: string): RequestHandler[] => [
      createRateLimiter(counters, {
        name: `${name}-${action}:ip`,
        windowMs: 60 * MINUTE_MS,
        limit: 30,
        key: clientIp,
        message,
      }),
      createRateLimiter(counters, {
        name: `${name}-${action}:link`,
        windowMs: 60 * MINUTE_MS,
        limit: 10,
        key: link,
        message,
      }),
    ],
  };
}

export const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** A wait as people say it: minutes up to two hours, whole hours after that. */
export const waitText = (minutes: number) =>
  minutes < 120 ? minutesText(minutes) : `${Math.ceil(minutes / 60)} hours`;

/**
 * Failed sign-ins, counted three ways in 15-minute windows (successful ones do not count):
 * - 10 per account and address: someone who keeps getting one password wrong waits;
 * - 50 per account from any address: a guesser spread over many addresses stops there, while
 *   10 failures from a stranger's address do not lock the owner out of their own account;
 * - 50 per address for any account: one address trying many accounts (an office or a mobile
 *   carrier puts many people behind one address, so it is looser than per account).
 */
export const SIGN_IN_LIMITS = { accountAndAddress: 10, account: 50, address: 50 } as const;

export const SIGN_IN_RULE = {
  windowMs: 15 * MINUTE_MS,
  skipSuccessfulRequests: true,
  message: (minutes: number) =>
    `Too many sign-in attempts. Please try again in ${minutesText(minutes)}.`,
} as const;

/**
 * The failed-sign-in limits of SIGN_IN_LIMITS in the counters named `name` (`admin-sign-in`,
 * `client-sign-in`): `name:ip`, `name:account-ip` and `name:account`. `account` says whose
 * secret an attempt is about: by default the body's `email`; a fixed string for a secret that
 * belongs to no e-mail (the admin setup token, the admin links' tokens). Such a secret is
 * counted per address only: one count for it from everywhere would let anyone keep it
 * refused to its rightful user by guessing wrong now and then, and it is long enough that
 * guesses spread over many addresses get nowhere. Needs the body parsed first.
 */
export function loginRateLimit(
  counters: RateLimitCounters,
  name: string,
  { account = bodyEmail }: { account?: RateLimitKey | string } = {},
): RequestHandler[] {
  const accountKey: RateLimitKey = typeof account === 'string' ? () => account : account;
  const perAddress = createRateLimiter(counters, {
    ...SIGN_IN_RULE,
    name: `${name}:ip`,
    limit: SIGN_IN_LIMITS.address,
    key: clientIp,
  });
  const perAccountAndAddress = createRateLimiter(counters, {
    ...SIGN_IN_RULE,
    name: `${name}:account-ip`,
    limit: SIGN_IN_LIMITS.accountAndAddress,
    key: (req, res) => {
      const who = accountKey(req, res);
      return who === undefined ? undefined : `${clientIp(req, res)!}|${who}`;
    },
  });
  const perAccount = createRateLimiter(counters, {
    ...SIGN_IN_RULE,
    name: `${name}:account`,
    limit: SIGN_IN_LIMITS.account,
    key: accountKey,
  });
  return typeof account === 'string'
    ? [perAddress, perAccountAndAddress]
    : [perAddress, perAccountAndAddress, perAccount];
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

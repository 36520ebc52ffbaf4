import crypto from 'node:crypto';
import session from 'express-session';
import type { CookieOptions, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { AppError } from './errors';

declare module 'express-session' {
  interface SessionData {
    /** Admin session only. */
    adminId?: string;
    adminSignedInAt?: number;
    /** Client session only: same-origin path to return to after sign-in. */
    returnTo?: string;
  }
}

declare global {
  namespace Express {
    interface Locals {
      /** The session cookie of the request's session middleware, to clear it at sign-out. */
      sessionCookie?: { name: string; options: CookieOptions };
    }
  }
}

/**
 * How long a session lives before sign-in. All it holds then is the sign-in's state, PKCE
 * verifier and return path, so a flood of anonymous /api/login calls leaves only rows that
 * expire within minutes (and pruning deletes). Half an hour leaves room for a sign-up that
 * waits for its e-mailed code (valid 15 minutes). Sign-in makes a new session with the full
 * lifetime.
 */
export const PRE_SIGN_IN_MAX_AGE_MS = 30 * 60 * 1000;

interface SessionOptions {
  config: Config;
  store: session.Store;
  secret: string;
}

function baseOptions({ config, store, secret }: SessionOptions): session.SessionOptions {
  return {
    store,
    secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.trustProxy,
    // 256 random bits per session id.
    genid: () => crypto.randomBytes(32).toString('base64url'),
  };
}

function secureCookies(config: Pick<Config, 'appUrl'>): boolean {
  return config.appUrl.startsWith('https://');
}

/**
 * The session cookies' names. Over https they carry the prefixes browsers enforce (ASVS 5.0
 * 3.3.1): __Host-sid is only accepted Secure, for Path=/ and without Domain, so neither a
 * subdomain nor plain http can plant or overwrite it; the admin's cookie keeps its narrower
 * path, which __Host- forbids, so it is __Secure-. Browsers refuse the prefixes without
 * Secure, so plain http (localhost) keeps the plain names.
 */
export function sessionCookieNames(config: Pick<Config, 'appUrl'>) {
  const secure = secureCookies(config);
  return {
    client: secure ? '__Host-sid' : 'sid',
    admin: secure ? '__Secure-admin_sid' : 'admin_sid',
  };
}

/**
 * express-session leaves req.session unset for a request outside its cookie's path, compared
 * case-sensitively. Routes behind a session middleware rely on it: such a request is no route
 * of theirs (404), never a guard reading an undefined session.
 */
export function requireSessionPath(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => {
    middleware(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!req.session) return next(new AppError(404, `Not found: ${req.method} ${req.path}`));
      next();
    });
  };
}

/** A session middleware that remembers its cookie for clearSessionCookie. */
function cookieSession(
  options: SessionOptions,
  name: string,
  cookie: session.CookieOptions,
): RequestHandler {
  const middleware = requireSessionPath(session({ ...baseOptions(options), name, cookie }));
  // Browsers only drop a cookie (a prefixed one above all) set with the same attributes.
  const clearing: CookieOptions = {
    path: cookie.path,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
    secure: cookie.secure === true,
  };
  return (req, res, next) => {
    res.locals.sessionCookie = { name, options: clearing };
    middleware(req, res, next);
  };
}

/** The client's cookie session: the whole site, renewed on use, 7 days idle by default. */
export function clientSession(options: SessionOptions): RequestHandler {
  return cookieSession(options, sessionCookieNames(options.config).client, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(options.config),
    maxAge: options.config.sessions.clientMaxAgeMs,
  });
}

/**
 * The admin's cookie session, separate from the client's: its own cookie, sent only to
 * /api/admin, expiring after 30 idle minutes (its absolute lifetime is checked by requireAdmin).
 */
export function adminSession(options: SessionOptions): RequestHandler {
  return cookieSession(options, sessionCookieNames(options.config).admin, {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(options.config),
    maxAge: options.config.sessions.adminIdleMs,
  });
}

/** Tells the browser to drop the session cookie of the request's session middleware. */
export function clearSessionCookie(res: Response): void {
  const cookie = res.locals.sessionCookie;
  if (cookie) res.clearCookie(cookie.name, cookie.options);
}

export function regenerateSession(req: Express.Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error: unknown) => (error ? reject(error) : resolve()));
  });
}

export function destroySession(req: Express.Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
  });
}

import crypto from 'node:crypto';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type { Config } from '../config';
import { AppError } from './errors';
import type { DatabaseSessionStore } from './session-store';

declare module 'express-session' {
  interface SessionData {
    /** Admin session only. */
    adminId?: string;
    adminSignedInAt?: number;
    /** Client session only: same-origin path to return to after sign-in. */
    returnTo?: string;
  }
}

export const CLIENT_SESSION_COOKIE = 'sid';
export const ADMIN_SESSION_COOKIE = 'admin_sid';

interface SessionOptions {
  config: Config;
  store: DatabaseSessionStore;
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

function secureCookies(config: Config): boolean {
  return config.appUrl.startsWith('https://');
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

/** The client's cookie session: the whole site, renewed on use, 7 days idle by default. */
export function clientSession(options: SessionOptions): RequestHandler {
  return requireSessionPath(
    session({
      ...baseOptions(options),
      name: CLIENT_SESSION_COOKIE,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(options.config),
        maxAge: options.config.sessions.clientMaxAgeMs,
      },
    }),
  );
}

/**
 * The admin's cookie session, separate from the client's: its own cookie, sent only to
 * /api/admin, expiring after 30 idle minutes (its absolute lifetime is checked by requireAdmin).
 */
export function adminSession(options: SessionOptions): RequestHandler {
  return requireSessionPath(
    session({
      ...baseOptions(options),
      name: ADMIN_SESSION_COOKIE,
      cookie: {
        path: '/api/admin',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies(options.config),
        maxAge: options.config.sessions.adminIdleMs,
      },
    }),
  );
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

import crypto from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import {
  AdminLoginSchema,
  AdminSetupSchema,
  ResetPasswordSchema,
} from '../../../shared/schemas/auth';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { loginRateLimit, type RateLimitKey } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { clearSessionCookie, destroySession, regenerateSession } from '../../lib/session';
import { parse } from '../../lib/validate';
import { toPublicAdmin, type AdminAuthService } from './admin-auth.service';

interface AdminAuthRoutesDeps {
  service: AdminAuthService;
  absoluteLifetimeMs: number;
  setupToken: string | undefined;
  rateLimits: RateLimitCounters;
}

/** Admin sign-in, setup and password change count in the same counters. */
const ADMIN_SIGN_IN = 'admin-sign-in';
/** A password change is an attempt at the signed-in admin's password. */
const signedInAdminEmail: RateLimitKey = (_req, res) => res.locals.admin?.email;

function tokensMatch(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Guards every admin route but login and setup: a valid admin session younger than its
 * absolute lifetime, whose admin still exists. Puts the admin on res.locals.admin.
 */
export function requireAdmin({ service, absoluteLifetimeMs }: AdminAuthRoutesDeps): RequestHandler {
  return async (req, res, next) => {
    // No session at all when express-session skipped the request (outside its cookie path).
    const { adminId, adminSignedInAt } = req.session ?? {};
    if (!adminId || !adminSignedInAt) return next(new AppError(401, 'Unauthorized'));
    if (Date.now() - adminSignedInAt > absoluteLifetimeMs) {
      await destroySession(req);
      clearSessionCookie(res);
      return next(new AppError(401, 'Your session has expired. Please sign in again.'));
    }
    const admin = await service.findById(adminId);
    if (!admin) return next(new AppError(401, 'Unauthorized'));
    res.locals.admin = admin;
    next();
  };
}

/** Routes open without an admin session: login and setup. */
export function adminPublicRoutes(deps: AdminAuthRoutesDeps): Router {
  const router = Router();

  router.post('/login', ...loginRateLimit(deps.rateLimits, ADMIN_SIGN_IN), async (req, res) => {
    const { email, password } = parse(AdminLoginSchema, req.body);
    const admin = await deps.service.authenticate(email, password);
    // A fresh session id at every sign-in: no session fixation.
    await regenerateSession(req);
    req.session.adminId = admin.id;
    req.session.adminSignedInAt = Date.now();
    res.json(toPublicAdmin(admin));
  });

  router.post('/logout', async (req, res) => {
    await destroySession(req);
    clearSessionCookie(res);
    res.json({ message: 'Logged out' });
  });

  // A wrong setup token is a failed sign-in of whoever tries it: counted per address.
  const setupLimit = loginRateLimit(deps.rateLimits, ADMIN_SIGN_IN, { email: null });
  router.post('/setup', ...setupLimit, async (req, res) => {
    if (!deps.setupToken) throw new AppError(404, 'Admin setup is disabled');
    const given = req.get('x-admin-setup-token');
    if (!given || !tokensMatch(given, deps.setupToken)) {
      throw new AppError(401, 'Invalid setup token');
    }
    const admin = await deps.service.create(parse(AdminSetupSchema, req.body));
    res.status(201).json(toPublicAdmin(admin));
  });

  return router;
}

/** Routes behind requireAdmin. */
export function adminAccountRoutes(
  service: AdminAuthService,
  rateLimits: RateLimitCounters,
): Router {
  const router = Router();
  const passwordLimit = loginRateLimit(rateLimits, ADMIN_SIGN_IN, { email: signedInAdminEmail });
  router.post('/reset-password', ...passwordLimit, async (req, res) => {
    const { currentPassword, newPassword } = parse(ResetPasswordSchema, req.body);
    await service.changePassword(currentAdmin(res), currentPassword, newPassword, req.sessionID);
    res.json({ message: 'Password updated' });
  });
  router.get('/me', (_req, res) => {
    res.json(toPublicAdmin(currentAdmin(res)));
  });
  return router;
}
